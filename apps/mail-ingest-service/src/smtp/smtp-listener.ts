import { readFileSync } from 'node:fs';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import type { Logger } from '@snaptrack/nest-logging';
import type { MailIngestConfig } from '../config/env.js';
import type { MailIntake, MailRecipient } from '../intake/mail-intake.js';
import type { RecipientDirectory } from './recipient-directory.js';
import type { RecipientAdmission } from './recipient-admission.js';
import { SmtpReplies } from './smtp-replies.js';
import { ClientConnections } from './client-connections.js';
import { mailMetrics } from '../metrics/mail-metrics.js';

type Done = (error?: Error | null, message?: string) => void;

/**
 * The inbound MX. No AUTH (anyone may deliver to a receipt address, nobody may relay),
 * recipients checked at RCPT time (known, entitled, under their hourly quota) so refused ones
 * never become bounces, and DATA answered 250
 * only once the message is durably stored.
 */
export class SmtpListener {
  private readonly server: SMTPServer;
  /** Owners found at RCPT time, per session, for the DATA that follows. */
  private readonly owners = new WeakMap<SMTPServerSession, MailRecipient[]>();
  private readonly clients: ClientConnections;

  constructor(
    private readonly config: MailIngestConfig,
    private readonly recipients: RecipientDirectory,
    private readonly admission: RecipientAdmission,
    private readonly intake: MailIntake,
    private readonly logger: Logger,
  ) {
    this.clients = new ClientConnections(config.SMTP_MAX_CLIENTS_PER_ADDRESS);
    const tls = loadTls(config);
    this.server = new SMTPServer({
      name: config.SMTP_HOSTNAME,
      banner: 'SnapTrack receipt mail',
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      hideSTARTTLS: !tls,
      ...(tls ?? {}),
      size: config.MAIL_MAX_BYTES,
      rejectOversized: true,
      maxClients: config.SMTP_MAX_CLIENTS,
      maxRecipients: config.SMTP_MAX_RECIPIENTS,
      socketTimeout: config.SMTP_SOCKET_TIMEOUT_MS,
      closeTimeout: Math.min(config.SHUTDOWN_GRACE_MS, 30_000),
      disableReverseLookup: true,
      logger: false,
      onConnect: (session, done) => {
        mailMetrics.session();
        if (!this.clients.admit(session, session.remoteAddress)) {
          done(SmtpReplies.tooManyConnections());
          return;
        }
        done();
      },
      onClose: (session) => this.clients.release(session),
      onMailFrom: (_address, session, done) => {
        this.owners.set(session, []);
        done();
      },
      onRcptTo: (address, session, done) =>
        void this.onRcptTo(address, session, counted('rcpt', done)),
      onData: (stream, session, done) => void this.onData(stream, session, counted('data', done)),
    });
    this.server.on('error', (error) => this.logger.warn({ err: error }, 'smtp connection error'));
  }

  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.config.SMTP_PORT, this.config.SMTP_HOST, () => {
        const address = this.server.server.address();
        resolve(typeof address === 'object' && address ? address.port : this.config.SMTP_PORT);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async onRcptTo(
    address: SMTPServerAddress,
    session: SMTPServerSession,
    done: Done,
  ): Promise<void> {
    let userId: string | null;
    try {
      userId = await this.recipients.ownerOf(address.address);
      if (!userId) {
        done(SmtpReplies.unknownRecipient());
        return;
      }
      // An account without a subscription, or an address over its hourly quota: nothing stored.
      const refusal = await this.admission.refusal(address.address, userId);
      if (refusal) {
        done(refusal);
        return;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'receipt address lookup failed');
      done(SmtpReplies.lookupUnavailable());
      return;
    }
    const owners = this.owners.get(session) ?? [];
    owners.push({ address: address.address.toLowerCase(), userId });
    this.owners.set(session, owners);
    done();
  }

  private async onData(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    done: Done,
  ): Promise<void> {
    const recipients = this.owners.get(session) ?? [];
    const mailFrom = session.envelope.mailFrom;
    try {
      const result = await this.intake.accept({
        envelopeFrom: mailFrom ? mailFrom.address : null,
        recipients,
        stream,
        maxBytes: this.config.MAIL_MAX_BYTES,
      });
      if (result.outcome === 'too-large') {
        done(SmtpReplies.tooLarge(this.config.MAIL_MAX_BYTES));
        return;
      }
      this.logger.info({ mailIds: result.mailIds }, 'mail accepted');
      done(null, `Message accepted for ${recipients.length} receipt address(es)`);
    } catch (error) {
      this.logger.error({ err: error }, 'mail not stored');
      stream.resume(); // drain what is left so the session can answer
      done(SmtpReplies.notStored());
    }
  }
}

/** Counts the reply before smtp-server sends it. */
function counted(stage: 'rcpt' | 'data', done: Done): Done {
  return (error, message) => {
    mailMetrics.reply(stage, error);
    done(error, message);
  };
}

function loadTls(config: MailIngestConfig): { key: Buffer; cert: Buffer } | null {
  if (!config.SMTP_TLS_CERT_FILE || !config.SMTP_TLS_KEY_FILE) return null;
  return {
    cert: readFileSync(config.SMTP_TLS_CERT_FILE),
    key: readFileSync(config.SMTP_TLS_KEY_FILE),
  };
}
