/** The service's pino logger (provided by the module from bootstrap.ts). */
export const HELP_LOGGER = Symbol('HELP_LOGGER');
