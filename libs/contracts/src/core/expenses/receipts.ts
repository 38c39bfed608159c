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

/**
 * POST /api/parse as both sides spell it: the SPA's upload client builds the form from these
 * names and the gateway reads it by them. The entity goes first, so the server can refuse a
 * missing one before the file arrives.
 */
export const ReceiptUploadForm = {
  /** Under the API's `/api` prefix. */
  path: '/parse',
  /** The text field naming the entity the receipt belongs to. */
  entityField: 'entity',
  /** The file field: the receipt (an image or a PDF). */
  fileField: 'image',
  /** Same key on every try of one file: the server answers a retry with the first upload. */
  idempotencyHeader: 'Idempotency-Key',
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

/**
 * Files shared to the app (Web Share Target) wait on the device until the person confirms
 * them; any website can post to the share target, so what waits is capped (docs/security.md).
 */
export const ShareTargetLimits = {
  /** Files waiting at once, however many shares brought them. */
  maxFiles: 20,
  /** Bytes waiting at once; one file may still be at most ReceiptUploadLimits.maxBytes. */
  maxBytes: 100 * 1024 * 1024,
} as const;

/** Why a shared file was not kept for the confirmation screen. */
export const ShareMessages = {
  tooMany: `Only ${ShareTargetLimits.maxFiles} shared files can wait at a time. Upload or discard them, then share the rest.`,
  tooLarge: UploadMessages.tooLarge,
  tooMuch: `Shared files can take at most ${ShareTargetLimits.maxBytes / 1024 / 1024}MB together. Upload or discard them, then share the rest.`,
} as const;
