import type {
  EmptyRequest,
  LoginRequest,
  SessionResponse,
  SuccessResponse,
  TokenVersionRequest,
  TokenVersionResponse,
} from './auth/auth.messages.js';
import type { ProductUser } from './auth/product-user.js';
import type { PingResponse } from './system/system.messages.js';
import type { ServiceName } from './common/service-names.js';

type PingMap = {
  [S in ServiceName as `${S}.system.ping.v1`]: { request: EmptyRequest; response: PingResponse };
};

/**
 * Every request/response pattern with its request and response types, so that `send` is
 * type-checked on both sides. Never rename a pattern in place: add a v2 beside it.
 */
export interface MessageMap extends PingMap {
  'auth.session.login.v1': { request: LoginRequest; response: SessionResponse };
  'auth.session.logout.v1': { request: EmptyRequest; response: SuccessResponse };
  'auth.user.profile.v1': { request: EmptyRequest; response: ProductUser };
  'auth.user.token-version.v1': { request: TokenVersionRequest; response: TokenVersionResponse };
}

export type MessagePattern = keyof MessageMap;
export type RequestOf<P extends MessagePattern> = MessageMap[P]['request'];
export type ResponseOf<P extends MessagePattern> = MessageMap[P]['response'];

/**
 * Background events, published through the outbox and consumed idempotently. The pattern
 * names the producer; `EventConsumers` names the services whose queues receive it.
 */
export interface EventMap {
  'auth.user.created.v1': { userId: string; email: string };
}

export const EventConsumers: { [P in keyof EventMap]: readonly ServiceName[] } = {
  'auth.user.created.v1': ['expenses'],
};

export type EventPattern = keyof EventMap;
export type EventOf<P extends EventPattern> = EventMap[P];
