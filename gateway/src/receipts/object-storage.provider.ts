import type { Provider } from '@nestjs/common';
import { storageOptions } from '@snaptrack/nest-config';
import { createObjectStorage, type ObjectStorage } from '@snaptrack/storage';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.js';

/** The receipt store the gateway streams uploads into and images out of. */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export const objectStorageProvider: Provider<ObjectStorage> = {
  provide: OBJECT_STORAGE,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) => createObjectStorage(storageOptions(config)),
};
