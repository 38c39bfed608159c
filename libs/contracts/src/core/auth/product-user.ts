/** The signed-in user as the API returns it (docs/api.md, Accounts). */
export interface ProductUser {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
  /** Kept for the clients' field name; holds the identity id of the account (our own id). */
  firebase_uid: string;
  auth_version: number;
  has_email: boolean;
  contact_email: string | null;
  snaptrack_email: string | null;
  email_username: string | null;
  email_username_changed_at: string | null;
  personal_subdomain: string | null;
  has_active_subscription: boolean;
}
