/**
 * The demo account every local run seeds (decisions.md, Identity). Fixed so that each
 * service can seed its own part of it without asking the others.
 */
export const DemoAccount = {
  id: '00000000-0000-4000-8000-00000000d3e0',
  email: 'demo@example.com',
  password: 'snaptrack-demo',
  username: 'demo',
  fullName: 'Demo User',
  entities: ['Personal', 'Acme Consulting', 'Side Studio'],
} as const;
