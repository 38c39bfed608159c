/** The dependency-injection tokens of the gateway. */

/** The parsed config (GatewayConfig). */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
