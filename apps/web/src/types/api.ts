// Shapes the SPA reads from the API. They mirror `@snaptrack/contracts` (ProductUser,
// HttpErrorBody) by hand: the contracts entry point pulls in class-validator decorators, which
// do not belong in the browser bundle. Replace with types generated from the gateway's OpenAPI
// document once libs/web/api-client exists.

/** The signed-in user (spec section 3, "Product user"). */
export type ProductUser = {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
  /** The spec's field name; holds the account's identity id. */
  firebase_uid: string;
  auth_version: number;
  has_email: boolean;
  contact_email: string | null;
  /** Personal receipt address, e.g. `demo@snaptrack.localhost`. */
  snaptrack_email: string | null;
  email_username: string | null;
  email_username_changed_at: string | null;
  /** Legacy receipt address form `expense@{subdomain}.{domain}`. */
  personal_subdomain: string | null;
  has_active_subscription: boolean;
};

/** The error body of every endpoint. */
export type ApiErrorBody = {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown>; error_id?: string };
};

// ---- Expenses (mirror of libs/contracts/src/expenses) ----

export type ExpenseStatus = 'processing' | 'ready' | 'failed';
export type ExtractionMethod = 'image' | 'text' | 'manual';

/** An expense (spec section 3 plus status fields). */
export type Expense = {
  id: string;
  vendor: string;
  amount: number;
  currency: string;
  /** YYYY-MM-DD */
  expense_date: string;
  /** Shown as Description. */
  notes: string | null;
  /** Entity name; null is Unassigned. */
  entity: string | null;
  tags: string[];
  /** 0 to 1. */
  ocr_confidence: number | null;
  image_url: string | null;
  extraction_method: ExtractionMethod;
  email_subject: string | null;
  raw_ocr_text: string | null;
  status: ExpenseStatus;
  processing_error: string | null;
  duplicate_of: string | null;
  created_at: string;
  updated_at: string;
};

export type Pagination = {
  current_page: number;
  per_page: number;
  total_count: number;
  total_pages: number;
  has_next_page: boolean;
  has_prev_page: boolean;
};

export type ExpenseEntity = { id: string; name: string; description: string | null };

export type UserSettings = {
  emailSettings: { subdomain: string | null; emailAddress: string | null };
  entities: string[];
  tags: string[];
};
