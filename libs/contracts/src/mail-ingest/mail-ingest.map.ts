import type { InboundMailAcceptedEvent, MailLogRequest } from './mail-ingest.messages.js';
import type { ServiceName } from '../common/service-names.js';
import type { MailLogResponse } from '../core/mail-ingest/mail-log.types.js';

/** Requests mail-ingest-service answers. */
export interface MailIngestMessages {
  'mail-ingest.log.list.v1': { request: MailLogRequest; response: MailLogResponse };
}

/** Events mail-ingest publishes (to itself: parsing runs after the SMTP answer). */
export interface MailIngestEvents {
  'mail-ingest.mail.accepted.v1': InboundMailAcceptedEvent;
}

export const MailIngestEventConsumers: { [P in keyof MailIngestEvents]: readonly ServiceName[] } = {
  'mail-ingest.mail.accepted.v1': ['mail-ingest'],
};
