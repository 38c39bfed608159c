import type { Request } from 'express';
import type { MessageContext } from '@snaptrack/contracts';
import { currentRequestId } from '@snaptrack/nest-logging';

export interface AuthenticatedUser {
  id: string;
  authVersion: number;
  /** When the token was issued, i.e. when this session signed in (seconds since the epoch). */
  issuedAt: number;
}

export type GatewayRequest = Request & { user?: AuthenticatedUser };

/** The message context for a bus call made on behalf of this request. */
export function messageContext(req: GatewayRequest): MessageContext {
  return { requestId: currentRequestId() ?? 'none', userId: req.user?.id };
}
