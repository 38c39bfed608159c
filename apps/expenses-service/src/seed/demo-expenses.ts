/** What the demo account's sample expenses are drawn from: realistic vendors per entity. */
export interface VendorTemplate {
  vendor: string;
  entity: string | null;
  tags: string[];
  /** Amount range in dollars; equal bounds for a fixed subscription price. */
  min: number;
  max: number;
  notes?: string[];
  /** Forwarded by email rather than photographed. */
  email?: boolean;
}

export const DEMO_VENDORS: VendorTemplate[] = [
  {
    vendor: 'Delta Air Lines',
    entity: 'Acme Consulting',
    tags: ['Travel', 'Reimbursable'],
    min: 180,
    max: 520,
    notes: ['Flight to Denver for the Northwind kickoff', 'Return flight, economy plus'],
  },
  { vendor: 'Marriott', entity: 'Acme Consulting', tags: ['Travel'], min: 140, max: 320 },
  { vendor: 'Uber', entity: 'Acme Consulting', tags: ['Travel'], min: 12, max: 48 },
  {
    vendor: 'Zoom',
    entity: 'Acme Consulting',
    tags: ['Software', 'Subscription'],
    min: 15.99,
    max: 15.99,
    email: true,
  },
  { vendor: 'Staples', entity: 'Acme Consulting', tags: ['Office'], min: 12, max: 85 },
  {
    vendor: 'The Capital Grille',
    entity: 'Acme Consulting',
    tags: ['Meals', 'Client Dinner'],
    min: 95,
    max: 240,
    notes: ['Dinner with the Northwind team', 'Quarterly review dinner'],
  },
  { vendor: 'Panera Bread', entity: 'Acme Consulting', tags: ['Meals'], min: 11, max: 34 },
  {
    vendor: 'Adobe',
    entity: 'Side Studio',
    tags: ['Software', 'Subscription'],
    min: 54.99,
    max: 54.99,
    email: true,
  },
  {
    vendor: 'Figma',
    entity: 'Side Studio',
    tags: ['Software', 'Subscription'],
    min: 15,
    max: 15,
  },
  { vendor: 'B&H Photo', entity: 'Side Studio', tags: ['Office'], min: 45, max: 380 },
  { vendor: 'Blick Art Materials', entity: 'Side Studio', tags: ['Office'], min: 18, max: 95 },
  { vendor: 'Starbucks', entity: 'Side Studio', tags: ['Meals'], min: 4.5, max: 12 },
  {
    vendor: 'WeWork',
    entity: 'Side Studio',
    tags: ['Office'],
    min: 35,
    max: 45,
    notes: ['Day pass for the client workshop'],
  },
  { vendor: 'Whole Foods Market', entity: 'Personal', tags: ['Groceries'], min: 38, max: 160 },
  { vendor: "Trader Joe's", entity: 'Personal', tags: ['Groceries'], min: 25, max: 90 },
  { vendor: 'Costco', entity: 'Personal', tags: ['Groceries'], min: 80, max: 260 },
  { vendor: 'Shell', entity: 'Personal', tags: ['Gas'], min: 32, max: 68 },
  { vendor: 'Chevron', entity: 'Personal', tags: ['Gas'], min: 30, max: 65 },
  { vendor: 'Chipotle', entity: 'Personal', tags: ['Meals'], min: 10, max: 18 },
  {
    vendor: 'Netflix',
    entity: 'Personal',
    tags: ['Subscription'],
    min: 15.49,
    max: 15.49,
    email: true,
  },
  { vendor: 'CVS Pharmacy', entity: null, tags: [], min: 8, max: 40 },
  { vendor: 'Home Depot', entity: null, tags: ['Office'], min: 22, max: 140 },
];

/** A small deterministic generator (mulberry32), so every seed run draws the same sample. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
