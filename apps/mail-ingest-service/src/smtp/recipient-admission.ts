import type { DataSource } from 'typeorm';
import type { BusClient } from '@snaptrack/nest-rmq';
import { MAIL_SCHEMA } from '../config/env.js';
import { SmtpReplies, type SmtpReplyError } from './smtp-replies.js';
import { BillingPatterns } from '@snaptrack/contracts';

const MAX_ENTRIES = 10_000;

export interface AdmissionLimits {
  /** How long billing's "entitled" is trusted; a refusal is never kept (550 is final). */
  entitlementCacheMs: number;
  /** Mails per receipt address per hour. */
  mailsPerHour: number;
}

/**
 * The second check at RCPT time, once the address has an owner: may mail for this account be
 * taken at all (billing's entitlement: an unentitled account's address answers 550 5.7.1), and
 * has the address had its hour's quota of mail (452 4.2.2, counted in inbound_mail, so every
 * replica agrees). Null: take the recipient.
 */
export class RecipientAdmission {
  private readonly entitledUntil = new Map<string, number>();

  constructor(
    private readonly bus: BusClient,
    private readonly dataSource: DataSource,
    private readonly limits: AdmissionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Rejects when billing or the database cannot answer (the caller answers 451). */
  async refusal(address: string, userId: string): Promise<SmtpReplyError | null> {
    if (!(await this.entitled(userId))) return SmtpReplies.noSubscription();
    if ((await this.mailsInLastHour(address)) >= this.limits.mailsPerHour) {
      return SmtpReplies.mailQuota(this.limits.mailsPerHour);
    }
    return null;
  }

  private async entitled(userId: string): Promise<boolean> {
    const until = this.entitledUntil.get(userId);
    if (until !== undefined && until > this.now()) return true;
    const answer = await this.bus.send(
      BillingPatterns.entitlement,
      { userId },
      { requestId: `smtp-rcpt-${this.now()}`, userId },
    );
    if (!answer.entitled) {
      this.entitledUntil.delete(userId);
      return false;
    }
    if (this.limits.entitlementCacheMs > 0) {
      if (this.entitledUntil.size >= MAX_ENTRIES) this.entitledUntil.clear();
      this.entitledUntil.set(userId, this.now() + this.limits.entitlementCacheMs);
    }
    return true;
  }

  private async mailsInLastHour(address: string): Promise<number> {
    const rows: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS "count" FROM "${MAIL_SCHEMA}"."inbound_mail"
       WHERE "recipient" = $1 AND "received_at" > now() - interval '1 hour'`,
      [address.trim().toLowerCase()],
    );
    return rows[0]?.count ?? 0;
  }
}
