import type { EmptyRequest } from './auth/auth.messages.js';
import type { AuthEvents, AuthMessages } from './auth/auth.map.js';
import { AuthEventConsumers } from './auth/auth.map.js';
import type { ExpensesMessages } from './expenses/expenses.map.js';
import type { ExpensesEvents } from './expenses/expense-events.js';
import { ExpensesEventConsumers } from './expenses/expense-events.js';
import type { BillingEvents, BillingMessages } from './billing/billing.map.js';
import { BillingEventConsumers } from './billing/billing.map.js';
import type { MailIngestEvents, MailIngestMessages } from './mail-ingest/mail-ingest.map.js';
import { MailIngestEventConsumers } from './mail-ingest/mail-ingest.map.js';
import type { OcrEvents } from './ocr/receipt-job.js';
import { OcrEventConsumers } from './ocr/receipt-job.js';
import type { HelpFeedbackMessages } from './help-feedback/help-feedback.map.js';
import type { ExportEvents, ExportMessages } from './export/export.map.js';
import { ExportEventConsumers } from './export/export.map.js';
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
export interface MessageMap
  extends
    PingMap,
    AuthMessages,
    ExpensesMessages,
    BillingMessages,
    HelpFeedbackMessages,
    ExportMessages,
    MailIngestMessages {}

export type MessagePattern = keyof MessageMap;
export type RequestOf<P extends MessagePattern> = MessageMap[P]['request'];
export type ResponseOf<P extends MessagePattern> = MessageMap[P]['response'];

/**
 * Background events, published through the outbox and consumed idempotently. The pattern
 * names the producer; `EventConsumers` names the services whose queues receive it.
 */
export interface EventMap
  extends AuthEvents, BillingEvents, OcrEvents, ExportEvents, MailIngestEvents, ExpensesEvents {}

export const EventConsumers: { [P in keyof EventMap]: readonly ServiceName[] } = {
  ...AuthEventConsumers,
  ...BillingEventConsumers,
  ...OcrEventConsumers,
  ...ExportEventConsumers,
  ...MailIngestEventConsumers,
  ...ExpensesEventConsumers,
};

export type EventPattern = keyof EventMap;
export type EventOf<P extends EventPattern> = EventMap[P];
