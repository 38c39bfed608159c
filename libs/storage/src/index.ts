export * from './object-storage.js';
export * from './object-storage.errors.js';
export { assertValidObjectKey } from './object-key.js';
export { FsObjectStorage, type FsObjectStorageOptions } from './fs-object-storage.js';
export { S3ObjectStorage, type S3ObjectStorageOptions } from './s3-object-storage.js';
export { createObjectStorage, type ObjectStorageConfig } from './create-object-storage.js';
export {
  detectImageType,
  contentTypeOf,
  extensionOf,
  IMAGE_TYPE_SNIFF_BYTES,
  type ImageType,
} from './image-type.js';
export { sweepOrphans, type OrphanSweepOptions } from './orphan-sweep.js';
