import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { MessageContext } from '@snaptrack/contracts';
import { messageContext, type GatewayRequest } from './authenticated-request.js';

/** The bus message context for this request: request id and the verified user id. */
export const Ctx = createParamDecorator((_: unknown, context: ExecutionContext): MessageContext =>
  messageContext(context.switchToHttp().getRequest<GatewayRequest>()),
);
