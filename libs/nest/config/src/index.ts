export * from './load-config.js';
export * from './common-env.js';
export * from './storage-env.js';
export * from './object-storage.provider.js';
export * from './jwt-secret.js';
export * from './tracing-env.js';
