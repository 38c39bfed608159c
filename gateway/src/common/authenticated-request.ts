import type { Request } from 'express';
import type { MessageContext } from '@snaptrack/contracts';
import { currentRequestId } from '@snaptrack/nest-logging';

export interface AuthenticatedUser {
  id: string;
  authVersion: number;
  /** When the token was issued, i.e. when this session signed in (seconds since the epoch). */
  issuedAt: number;
  /** This session's id (the token's `sid`); tokens from before per-session sign-out have none. */
  sessionId?: string;
  /** When the token expires (seconds since the epoch). */
  expiresAt: number;
}

export type GatewayRequest = Request & { user?: AuthenticatedUser };

/** The message context for a bus call made on behalf of this request. */
export function messageContext(req: GatewayRequest): MessageContext {
  return { requestId: currentRequestId() ?? 'none', userId: req.user?.id };
}
