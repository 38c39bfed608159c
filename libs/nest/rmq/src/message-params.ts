import { createParamDecorator, type ExecutionContext, ValidationPipe } from '@nestjs/common';
import { firstValidationMessage, type MessageContext } from '@snaptrack/contracts';
import { BusError } from './bus-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readCtx(context: ExecutionContext): MessageContext {
  const envelope: unknown = context.switchToRpc().getData();
  const ctx = (envelope as { ctx?: unknown } | undefined)?.ctx as
    Partial<MessageContext> | undefined;
  if (!ctx || typeof ctx.requestId !== 'string' || ctx.requestId.length > 128) {
    throw new BusError('VALIDATION_FAILED', 'Message context is missing or malformed.');
  }
  if (ctx.userId !== undefined && (typeof ctx.userId !== 'string' || !UUID.test(ctx.userId))) {
    throw new BusError('VALIDATION_FAILED', 'Message context carries a malformed user id.');
  }
  return { requestId: ctx.requestId, userId: ctx.userId, messageId: ctx.messageId };
}

/** The validated message context (request id, verified user id, message id). */
export const MessageCtx = createParamDecorator((_: unknown, context: ExecutionContext) =>
  readCtx(context),
);

/** The verified user id of a signed-in call; refuses a message without one. */
export const UserId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const { userId } = readCtx(context);
  if (!userId) throw new BusError('UNAUTHENTICATED', 'No authenticated user');
  return userId;
});

/**
 * Validates `@Payload('data')` against its contract class. It throws BusError, never an
 * HttpException: an HttpException inside a message handler reaches the caller as a bare 500.
 */
export function createRpcValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => {
      const message = firstValidationMessage(errors);
      return new BusError('VALIDATION_FAILED', message ?? 'Invalid message payload.', {
        fields: errors.map((error) => error.property),
      });
    },
  });
}
