import { FsObjectStorage, type FsObjectStorageOptions } from './fs-object-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage, type S3ObjectStorageOptions } from './s3-object-storage.js';

export type ObjectStorageConfig =
  ({ driver: 'fs' } & FsObjectStorageOptions) | ({ driver: 's3' } & S3ObjectStorageOptions);

/** Picks the driver named by config; `fs` is the local default, `s3` is MinIO. */
export function createObjectStorage(config: ObjectStorageConfig): ObjectStorage {
  switch (config.driver) {
    case 'fs':
      return new FsObjectStorage(config);
    case 's3':
      return new S3ObjectStorage(config);
  }
}
