type ReceiptAddressOwner = {
  email_username: string | null;
  personal_subdomain: string | null;
};

export type EmailStatus = 'ready' | 'legacy' | 'setup';

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  ready: 'Email Ready',
  legacy: 'Legacy Format',
  setup: 'Set Up Email',
};

/**
 * The header's email-status indicator: a username address is ready, a subdomain-only address
 * is the legacy form, no address needs setting up.
 */
export function emailStatus(user: ReceiptAddressOwner | null | undefined): EmailStatus {
  if (user?.email_username) return 'ready';
  if (user?.personal_subdomain) return 'legacy';
  return 'setup';
}
