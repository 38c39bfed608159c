import client from 'prom-client';
// The metrics entry alone: the package's barrel loads Nest and the bus (seconds per unit test).
import { sharedMetric } from '@snaptrack/nest-rmq/metrics';

// mail-ingest's metrics (docs/operations.md, Metrics). Labels are SMTP stages and reply codes
// (a handful of values), never addresses.

const sessions = sharedMetric(
  'snaptrack_smtp_sessions_total',
  () =>
    new client.Counter({
      name: 'snaptrack_smtp_sessions_total',
      help: 'SMTP connections the receipt MX accepted',
    }),
);

const replies = sharedMetric(
  'snaptrack_smtp_replies_total',
  () =>
    new client.Counter({
      name: 'snaptrack_smtp_replies_total',
      help: 'Answers to RCPT TO and DATA, by stage and reply code (250 accepted, else refused)',
      labelNames: ['stage', 'code'],
    }),
);

const parseFailures = sharedMetric(
  'snaptrack_mail_parse_failures_total',
  () =>
    new client.Counter({
      name: 'snaptrack_mail_parse_failures_total',
      help: 'Accepted mails that could not be parsed (marked failed, no receipt made)',
    }),
);

const retries = sharedMetric(
  'snaptrack_mail_retries_total',
  () =>
    new client.Counter({
      name: 'snaptrack_mail_retries_total',
      help: 'Accepted mails whose reading failed for a passing fault and was put off to try again',
    }),
);

const requeued = sharedMetric(
  'snaptrack_mail_requeued_total',
  () =>
    new client.Counter({
      name: 'snaptrack_mail_requeued_total',
      help: 'Mails the retry sweeper handed to the consumer again (due for a retry, or stuck)',
    }),
);

type Stage = 'rcpt' | 'data';

/** smtp-server's code for an error without one: 550 after RCPT TO, 450 after DATA. */
const DEFAULT_CODE: Record<Stage, string> = { rcpt: '550', data: '450' };

/** The reply code smtp-server sends for `done(error)` at this stage. */
export function replyCode(
  stage: Stage,
  error: (Error & { responseCode?: number }) | null | undefined,
): string {
  if (!error) return '250';
  const code = error.responseCode;
  return typeof code === 'number' && code >= 200 && code < 600 ? String(code) : DEFAULT_CODE[stage];
}

export const mailMetrics = {
  session(): void {
    sessions.inc();
  },
  reply(stage: Stage, error?: (Error & { responseCode?: number }) | null): void {
    replies.inc({ stage, code: replyCode(stage, error) });
  },
  parseFailed(): void {
    parseFailures.inc();
  },
  retryScheduled(): void {
    retries.inc();
  },
  requeued(count: number): void {
    requeued.inc(count);
  },
};
