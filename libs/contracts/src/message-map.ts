import type { EmptyRequest } from './auth/auth.messages.js';
import type { AuthEvents, AuthMessages } from './auth/auth.map.js';
import { AuthEventConsumers } from './auth/auth.map.js';
import type { ExpensesMessages } from './expenses/expenses.map.js';
import type { PingResponse } from './system/system.messages.js';
import type { ServiceName } from './common/service-names.js';

type PingMap = {
  [S in ServiceName as `${S}.system.ping.v1`]: { request: EmptyRequest; response: PingResponse };
};

/**
 * Every request/response pattern with its request and response types, so that `send` is
 * type-checked on both sides. One map per service, joined here. Never rename a pattern in
 * place: add a v2 beside it.
 */
export interface MessageMap extends PingMap, AuthMessages, ExpensesMessages {}

export type MessagePattern = keyof MessageMap;
export type RequestOf<P extends MessagePattern> = MessageMap[P]['request'];
export type ResponseOf<P extends MessagePattern> = MessageMap[P]['response'];

/**
 * Background events, published through the outbox and consumed idempotently. The pattern
 * names the producer; `EventConsumers` names the services whose queues receive it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a join of the service maps
export interface EventMap extends AuthEvents {}

export const EventConsumers: { [P in keyof EventMap]: readonly ServiceName[] } = {
  ...AuthEventConsumers,
};

export type EventPattern = keyof EventMap;
export type EventOf<P extends EventPattern> = EventMap[P];
