import type {
  HeldMailReleaseRequest,
  InboundMailAcceptedEvent,
  MailLogRequest,
  SenderRulesUpdateRequest,
} from './mail-ingest.messages.js';
import type { EmptyRequest } from '../auth/auth.messages.js';
import type { ServiceName } from '../common/service-names.js';
import type { MailLogResponse } from '../core/mail-ingest/mail-log.types.js';
import type {
  HeldMailReleaseResponse,
  SenderRulesResponse,
} from '../core/mail-ingest/sender-rules.js';

/** Requests mail-ingest-service answers. */
export interface MailIngestMessages {
  'mail-ingest.log.list.v1': { request: MailLogRequest; response: MailLogResponse };
  'mail-ingest.sender-rules.get.v1': { request: EmptyRequest; response: SenderRulesResponse };
  'mail-ingest.sender-rules.update.v1': {
    request: SenderRulesUpdateRequest;
    response: SenderRulesResponse;
  };
  'mail-ingest.held-mail.release.v1': {
    request: HeldMailReleaseRequest;
    response: HeldMailReleaseResponse;
  };
}

/** Events mail-ingest publishes (to itself: parsing runs after the SMTP answer). */
export interface MailIngestEvents {
  'mail-ingest.mail.accepted.v1': InboundMailAcceptedEvent;
}

export const MailIngestEventConsumers: { [P in keyof MailIngestEvents]: readonly ServiceName[] } = {
  'mail-ingest.mail.accepted.v1': ['mail-ingest'],
};

/** The names of the events mail-ingest publishes. */
export const MailIngestEventPatterns = {
  mailAccepted: 'mail-ingest.mail.accepted.v1',
} as const satisfies Record<string, keyof MailIngestEvents>;
