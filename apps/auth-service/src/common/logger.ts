/** The service's pino logger, for classes that log (injected, so tests can pass a silent one). */
export const AUTH_LOGGER = Symbol('AUTH_LOGGER');
