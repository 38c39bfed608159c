import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { MessageContext } from '@snaptrack/contracts';
import { ApiError } from './api-error.js';
import { messageContext, type GatewayRequest } from './authenticated-request.js';
import { clientAddress, networkKey } from './client-network.js';

/** The bus message context for this request: request id and the verified user id. */
export const Ctx = createParamDecorator((_: unknown, context: ExecutionContext): MessageContext =>
  messageContext(context.switchToHttp().getRequest<GatewayRequest>()),
);

/**
 * The caller's network for auth-service's per-IP counters: its address as Express sees it
 * (X-Forwarded-For only from TRUST_PROXY proxies), an IPv6 one by its /64.
 */
export const ClientIp = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const ip = clientAddress(context.switchToHttp().getRequest<GatewayRequest>());
  return ip === undefined ? undefined : networkKey(ip);
});

/** The verified caller of a route that needs a token (the guard has already refused others). */
export const SignedInUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const user = context.switchToHttp().getRequest<GatewayRequest>().user;
  if (!user) throw new ApiError('UNAUTHENTICATED', 'No authenticated user');
  return user;
});
