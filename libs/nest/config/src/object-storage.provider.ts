import type { InjectionToken, Provider } from '@nestjs/common';
import { createObjectStorage, type ObjectStorage } from '@snaptrack/storage';
import { storageOptions, type StorageEnv } from './storage-env.js';

/** The object storage of a process (receipt images, raw mail, PDFs): one per service. */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/**
 * Provides `OBJECT_STORAGE`, made from the storage settings of the service's config;
 * `pingPrefix` is the folder its readiness check lists (`storageOptions`).
 */
export function objectStorageProvider(
  configToken: InjectionToken,
  pingPrefix?: string,
): Provider<ObjectStorage> {
  return {
    provide: OBJECT_STORAGE,
    inject: [configToken],
    useFactory: (config: StorageEnv) => createObjectStorage(storageOptions(config, pingPrefix)),
  };
}
