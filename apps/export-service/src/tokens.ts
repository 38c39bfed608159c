/** The dependency-injection tokens of this service (the logger's is `LOGGER` from libs/nest/logging). */

/** The parsed config (ExportConfig). */
export const EXPORT_CONFIG = Symbol('EXPORT_CONFIG');
