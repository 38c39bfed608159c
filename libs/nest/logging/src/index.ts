export * from './request-context.js';
export * from './create-logger.js';
export * from './scrub-secrets.js';
export * from './pino-nest-logger.js';
export type { Logger } from 'pino';
export * from './start-tracing.js';
export * from './tracing-globals.js';
export * from './logger-token.js';
