/** The key does not name a stored object. */
export class ObjectNotFoundError extends Error {
  override readonly name = 'ObjectNotFoundError';

  constructor(
    readonly key: string,
    options?: ErrorOptions,
  ) {
    super(`Object not found: ${key}`, options);
  }
}

/** The key breaks the key rules; nothing was read or written. */
export class InvalidObjectKeyError extends Error {
  override readonly name = 'InvalidObjectKeyError';

  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid object key ${JSON.stringify(key)}: ${reason}`);
  }
}

/** The stream delivered a different number of bytes than declared; nothing was stored. */
export class ObjectSizeMismatchError extends Error {
  override readonly name = 'ObjectSizeMismatchError';

  constructor(
    readonly key: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Object ${key}: expected ${expected} bytes, received ${actual}`);
  }
}
