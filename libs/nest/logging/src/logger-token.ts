/**
 * The process's pino logger, for classes that log. Every service provides it once in its module
 * (injected, so tests can pass a silent one); plumbing, so one token for all.
 */
export const LOGGER = Symbol('LOGGER');
