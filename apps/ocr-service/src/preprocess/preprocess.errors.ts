export type PreprocessErrorCode =
  'IMAGE_TOO_LARGE' | 'UNSUPPORTED_IMAGE_TYPE' | 'IMAGE_DECODE_FAILED' | 'IMAGE_DECODE_TIMEOUT';

/** Base class so a caller can map every preprocessing failure to a job failure reason. */
export class PreprocessError extends Error {
  constructor(
    readonly code: PreprocessErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The decoded image would exceed the pixel cap (pixel-flood / decompression-bomb guard). */
export class ImageTooLargeError extends PreprocessError {
  constructor(
    readonly pixels: number | null,
    readonly limit: number,
    options?: ErrorOptions,
  ) {
    super(
      'IMAGE_TOO_LARGE',
      pixels === null
        ? `Image exceeds the limit of ${limit} pixels`
        : `Image has ${pixels} pixels, more than the limit of ${limit}`,
      options,
    );
  }
}

/** The bytes are not a type we can turn into a bitmap (or a decoder for it is not configured). */
export class UnsupportedImageTypeError extends PreprocessError {
  constructor(
    readonly detectedType: string | null,
    message = `Unsupported image type: ${detectedType ?? 'unknown'}`,
  ) {
    super('UNSUPPORTED_IMAGE_TYPE', message);
  }
}

/** The bytes claim a supported type but the decoder failed (truncated or corrupt file). */
export class ImageDecodeError extends PreprocessError {
  constructor(message: string, options?: ErrorOptions) {
    super('IMAGE_DECODE_FAILED', message, options);
  }
}

/** A decoder that runs in a worker thread (HEIC) did not finish in time; the thread was ended. */
export class ImageDecodeTimeoutError extends PreprocessError {
  constructor(type: string, timeoutMs: number, options?: ErrorOptions) {
    super('IMAGE_DECODE_TIMEOUT', `Decoding the ${type} image took over ${timeoutMs} ms`, options);
  }
}
