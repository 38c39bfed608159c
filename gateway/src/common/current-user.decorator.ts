import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { MessageContext } from '@snaptrack/contracts';
import { messageContext, type GatewayRequest } from './authenticated-request.js';

/** The bus message context for this request: request id and the verified user id. */
export const Ctx = createParamDecorator((_: unknown, context: ExecutionContext): MessageContext =>
  messageContext(context.switchToHttp().getRequest<GatewayRequest>()),
);

/** The caller's address as Express sees it (X-Forwarded-For only from TRUST_PROXY proxies). */
export const ClientIp = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const ip = context.switchToHttp().getRequest<GatewayRequest>().ip;
  return ip?.startsWith('::ffff:') ? ip.slice(7) : ip;
});
