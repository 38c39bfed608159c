/**
 * A service's answer as the gateway sends it on: the same fields with `success: true` (the
 * envelope of every 2xx JSON body of the API, docs/api.md).
 */
export type ApiSuccess<T> = T & { success: true };
