import type { DataSource } from 'typeorm';
import {
  isListedSender,
  normalizeSender,
  SenderRuleMessages,
  senderAddress,
  type SenderRuleMode,
  type SenderRulesResponse,
  type SenderRulesUpdateRequest,
} from '@snaptrack/contracts';
import { MAIL_SCHEMA, type MailIngestConfig } from '../config/env.js';

/** The mail as the sender gate sees it. */
export interface GatedMail {
  id: string;
  user_id: string;
  envelope_from: string | null;
}

interface Rules {
  mode: SenderRuleMode;
  senders: string[];
}

/** Without a row: everyone, nobody listed. */
const DEFAULT_RULES: Rules = { mode: 'everyone', senders: [] };

/**
 * An account's sender rules, and the gate every mail passes before it becomes receipts. A
 * sender is known when the envelope sender or the From address is on the list (both are
 * claims of the sender, unauthenticated: the rules slow a flood down, they prove nothing).
 * Under `listed` a mail from anyone else is held; under `everyone` it may add
 * UNKNOWN_SENDER_RECEIPTS_PER_HOUR receipts an hour to the account, all unknown senders
 * together (an attacker changes addresses at will), and a mail that would go past it is held.
 */
export class SenderRules {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Pick<
      MailIngestConfig,
      'UNKNOWN_SENDER_RECEIPTS_PER_HOUR' | 'HELD_MAIL_DAYS'
    >,
  ) {}

  async get(userId: string): Promise<SenderRulesResponse> {
    return this.response(await this.rules(userId));
  }

  async update(userId: string, body: SenderRulesUpdateRequest): Promise<SenderRulesResponse> {
    const senders = [
      ...new Set(body.senders.map(normalizeSender).filter((entry) => entry !== null)),
    ];
    await this.dataSource.query(
      `INSERT INTO "${MAIL_SCHEMA}"."sender_rules" ("user_id", "mode", "senders")
       VALUES ($1, $2, $3)
       ON CONFLICT ("user_id")
       DO UPDATE SET "mode" = $2, "senders" = $3, "updated_at" = now()`,
      [userId, body.mode, senders],
    );
    return this.response({ mode: body.mode, senders });
  }

  /**
   * Whether the mail may become `receipts` receipts now; the reason to hold it otherwise.
   * Decided once per mail (a retry finds its first answer); accounts are locked one at a time
   * so two mails cannot both take the last place of the hour.
   */
  admit(mail: GatedMail, headerFrom: string | null, receipts: number): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `mail-senders:${mail.user_id}`,
      ]);
      const [row]: { sender_checked_at: Date | null; released_at: Date | null }[] =
        await manager.query(
          `SELECT "sender_checked_at", "released_at" FROM "${MAIL_SCHEMA}"."inbound_mail"
           WHERE "id" = $1`,
          [mail.id],
        );
      if (!row || row.sender_checked_at || row.released_at) return null;
      const rules = await this.rules(mail.user_id, manager);
      const known =
        isListedSender(rules.senders, senderAddress(mail.envelope_from)) ||
        isListedSender(rules.senders, senderAddress(headerFrom));
      if (!known && rules.mode === 'listed') return SenderRuleMessages.heldNotListed;
      const taking = known ? 0 : receipts;
      if (taking > 0) {
        const limit = this.config.UNKNOWN_SENDER_RECEIPTS_PER_HOUR;
        const [used]: { n: number }[] = await manager.query(
          `SELECT coalesce(sum("unknown_receipts"), 0)::int AS "n"
           FROM "${MAIL_SCHEMA}"."inbound_mail"
           WHERE "user_id" = $1 AND "unknown_receipts" > 0
             AND "sender_checked_at" > now() - interval '1 hour'`,
          [mail.user_id],
        );
        if ((used?.n ?? 0) + taking > limit) return SenderRuleMessages.heldFlood(limit);
      }
      await manager.query(
        `UPDATE "${MAIL_SCHEMA}"."inbound_mail"
         SET "sender_checked_at" = now(), "unknown_receipts" = $2 WHERE "id" = $1`,
        [mail.id, taking],
      );
      return null;
    });
  }

  private async rules(
    userId: string,
    runner: Pick<DataSource, 'query'> = this.dataSource,
  ): Promise<Rules> {
    const rows: Rules[] = await runner.query(
      `SELECT "mode", "senders" FROM "${MAIL_SCHEMA}"."sender_rules" WHERE "user_id" = $1`,
      [userId],
    );
    return rows[0] ?? DEFAULT_RULES;
  }

  private response(rules: Rules): SenderRulesResponse {
    return {
      mode: rules.mode,
      senders: rules.senders,
      unknown_receipts_per_hour: this.config.UNKNOWN_SENDER_RECEIPTS_PER_HOUR,
      held_days: this.config.HELD_MAIL_DAYS,
    };
  }
}
