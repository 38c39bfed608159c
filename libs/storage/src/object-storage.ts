import type { Readable } from 'node:stream';

/** What the caller knows about an object before its bytes arrive. */
export interface PutObjectMeta {
  contentType?: string;
  /** Declared length; a stream that delivers a different number of bytes is refused. */
  size?: number;
}

/** Measured while streaming, so callers can record it without reading the object back. */
export interface PutObjectResult {
  key: string;
  size: number;
  /** Lower-case hex SHA-256 of the stored bytes. */
  sha256: string;
}

/** One entry of a listing. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ObjectStat {
  size: number;
  contentType?: string;
  lastModified: Date;
}

/**
 * A flat key → bytes store. Keys are server-generated relative paths such as
 * `receipts/<userId>/<uuid>.jpg`; see `assertValidObjectKey` for the rules.
 */
export interface ObjectStorage {
  /** Streams the object in; it becomes visible only once complete, never half-written. */
  put(key: string, stream: Readable, meta?: PutObjectMeta): Promise<PutObjectResult>;
  /** Rejects with `ObjectNotFoundError` when the key does not exist. */
  get(key: string): Promise<Readable>;
  /** Rejects with `ObjectNotFoundError` when the key does not exist. */
  stat(key: string): Promise<ObjectStat>;
  /** Succeeds whether or not the object existed. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every object under a folder (`prefix` ends in `/`), in no set order, read as it goes so a
   * large folder is never held in memory. Objects written or deleted meanwhile may or may not
   * appear.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Readiness check: rejects when the store cannot be reached or used. */
  ping(): Promise<void>;
}
