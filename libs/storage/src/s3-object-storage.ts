import { Client, type BucketItem } from 'minio';
import type { Readable } from 'node:stream';
import { assertValidObjectKey, assertValidPrefix } from './object-key.js';
import { ObjectNotFoundError } from './object-storage.errors.js';
import type {
  ListedObject,
  ObjectStat,
  ObjectStorage,
  PutObjectMeta,
  PutObjectResult,
} from './object-storage.js';
import { uploadObject } from './s3-upload.js';

export interface S3ObjectStorageOptions {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /**
   * The folder (ending in `/`) `ping` lists one key of. A service's storage user may list only
   * its own folders (deploy/minio/policies), and asking for the bucket itself (HeadBucket)
   * needs the right to list all of it. Without it, `ping` asks for the bucket.
   */
  pingPrefix?: string;
}

// MinIO's default; naming it up front also saves minio a GetBucketLocation round trip.
const DEFAULT_REGION = 'us-east-1';

/** Objects in one S3 bucket (MinIO in compose and production), through the minio client. */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly pingPrefix: string | undefined;

  constructor(options: S3ObjectStorageOptions) {
    const { endPoint, port, useSSL, accessKey, secretKey, bucket } = options;
    if (options.pingPrefix !== undefined) assertValidPrefix(options.pingPrefix);
    this.pingPrefix = options.pingPrefix;
    this.region = options.region ?? DEFAULT_REGION;
    this.client = new Client({ endPoint, port, useSSL, accessKey, secretKey, region: this.region });
    this.bucket = bucket;
  }

  /** Provisioning step for boot or setup scripts; `ping()` only checks, it never creates. */
  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another replica created it between our check and our create.
      if (errorCode(error) !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }

  async put(key: string, stream: Readable, meta: PutObjectMeta = {}): Promise<PutObjectResult> {
    assertValidObjectKey(key);
    return await uploadObject(this.client, this.bucket, key, stream, meta);
  }

  async get(key: string): Promise<Readable> {
    assertValidObjectKey(key);
    return this.client.getObject(this.bucket, key).catch((error: unknown) => rethrow(error, key));
  }

  async stat(key: string): Promise<ObjectStat> {
    assertValidObjectKey(key);
    const info = await this.client
      .statObject(this.bucket, key)
      .catch((error: unknown) => rethrow(error, key));
    const contentType: unknown = info.metaData['content-type'];
    return {
      size: info.size,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      lastModified: info.lastModified,
    };
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    // S3 answers 204 for a missing key too, so this is idempotent as it stands.
    await this.client.removeObject(this.bucket, key);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertValidPrefix(prefix);
    // ListObjectsV2 pages of 1000 keys; the client's stream asks for the next page on demand.
    const items = this.client.listObjectsV2(this.bucket, prefix, true);
    for await (const item of items as AsyncIterable<BucketItem>) {
      if (item.name === undefined) continue; // a common prefix; none when recursive
      yield { key: item.name, size: item.size, lastModified: item.lastModified };
    }
  }

  async ping(): Promise<void> {
    if (this.pingPrefix === undefined) {
      if (!(await this.client.bucketExists(this.bucket))) {
        throw new Error(`Bucket ${this.bucket} does not exist`);
      }
      return;
    }
    // One key of the service's own folder: reachable, signed in, and allowed to work there.
    await this.client
      .listObjectsV2Query(this.bucket, this.pingPrefix, '', '/', 1, '')
      .catch((error: unknown) => {
        if (errorCode(error) !== 'NoSuchBucket') throw error;
        throw new Error(`Bucket ${this.bucket} does not exist`, { cause: error });
      });
  }
}

// GET answers NoSuchKey; HEAD has no body, so stat only gets the status: NotFound.
function rethrow(error: unknown, key: string): never {
  const code = errorCode(error);
  throw code === 'NoSuchKey' || code === 'NotFound'
    ? new ObjectNotFoundError(key, { cause: error })
    : error;
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | undefined)?.code;
}
