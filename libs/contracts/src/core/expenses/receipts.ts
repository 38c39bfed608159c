/** Upload limits, and the pixel cap that keeps a decoded image within memory (docs/security.md). */
export const ReceiptUploadLimits = {
  /** "File size must be less than 20MB". */
  maxBytes: 20 * 1024 * 1024,
  /** Decoded pixels (width × height): a pixel-flood guard, about a 7000 × 7000 scan. */
  maxPixels: 50_000_000,
  /** The browser scales photos so the long side is at most this (docs/architecture.md, Decisions). */
  maxSide: 2048,
  /** An Idempotency-Key header is at most this long. */
  maxIdempotencyKey: 200,
} as const;

/** The spec's upload messages (sections 5 and 9), shared by the web app and the gateway. */
export const UploadMessages = {
  selectEntity: 'Please select an entity first. Create entities in Settings if none exist.',
  notImage: 'Please upload an image file',
  tooLarge: 'File size must be less than 20MB',
  failed: 'Upload failed',
  /** The header declares more pixels than ReceiptUploadLimits.maxPixels (a decompression bomb). */
  tooManyPixels: 'The image has too many pixels to read. Please upload a smaller photo.',
} as const;
