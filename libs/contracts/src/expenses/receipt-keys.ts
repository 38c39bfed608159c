/**
 * The folder of a user's receipt files: `receipts/<userId>/`. The gateway (uploads) and
 * mail-ingest (mailed receipts) store there, and expenses-service takes no other key for that
 * user: a service that names another user's file (a compromised mail parser, say) must not get
 * it read, shown or deleted through an expense of its choosing (docs/security.md, storage).
 */
export function receiptKeyPrefix(userId: string): string {
  return `receipts/${userId}/`;
}

// One file directly in the folder, named as the gateway (`<uuid>.<ext>`) and mail-ingest
// (`mail-<mail id>-<n>.<ext>`) name them: no further folder, no dot segment, a receipt type.
const RECEIPT_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}\.(?:jpg|png|webp|heic|pdf|txt)$/;

/** Whether `key` is one of `userId`'s receipt files (see `receiptKeyPrefix`). */
export function isReceiptKeyOf(userId: string, key: string): boolean {
  const prefix = receiptKeyPrefix(userId);
  return (
    userId.length > 0 &&
    !userId.includes('/') &&
    key.startsWith(prefix) &&
    RECEIPT_FILE_NAME.test(key.slice(prefix.length))
  );
}
