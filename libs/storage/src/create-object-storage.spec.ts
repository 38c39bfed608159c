import { describe, expect, it } from '@jest/globals';
import { createObjectStorage } from './create-object-storage.js';
import { FsObjectStorage } from './fs-object-storage.js';
import { S3ObjectStorage } from './s3-object-storage.js';

describe('createObjectStorage', () => {
  it('builds the fs driver', () => {
    expect(createObjectStorage({ driver: 'fs', root: '/tmp/objects' })).toBeInstanceOf(
      FsObjectStorage,
    );
  });

  it('builds the s3 driver without connecting', () => {
    const storage = createObjectStorage({
      driver: 's3',
      endPoint: 'minio',
      port: 9000,
      useSSL: false,
      accessKey: 'key',
      secretKey: 'secret',
      bucket: 'receipts',
    });

    expect(storage).toBeInstanceOf(S3ObjectStorage);
  });
});
