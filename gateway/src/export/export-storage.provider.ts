import type { Provider } from '@nestjs/common';
import { storageOptions } from '@snaptrack/nest-config';
import { createObjectStorage, type ObjectStorage } from '@snaptrack/storage';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.js';

/** The store finished receipt PDFs are downloaded from. */
export const EXPORT_FILES = Symbol('EXPORT_FILES');

export const exportFilesProvider: Provider<ObjectStorage> = {
  provide: EXPORT_FILES,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) => createObjectStorage(storageOptions(config)),
};
