/**
 * Carried with every message. The gateway sets `requestId` and, for signed-in calls, the
 * verified `userId`; services trust only this context for identity, never the payload.
 */
export interface MessageContext {
  requestId: string;
  userId?: string;
  /** Set by the outbox for events, so consumers can dedupe redeliveries. */
  messageId?: string;
}

/** The body of every message on the bus. */
export interface Envelope<T> {
  ctx: MessageContext;
  data: T;
}
