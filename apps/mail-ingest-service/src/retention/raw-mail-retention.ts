import type { DataSource, EntityManager } from 'typeorm';
import type { ExpenseDeletedEvent } from '@snaptrack/contracts';
import { handleOnce } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import type { ObjectStorage } from '@snaptrack/storage';
import { MAIL_SCHEMA } from '../config/env.js';
import { ExpensesEventPatterns } from '@snaptrack/contracts';

/**
 * Keeps a raw mail exactly as long as a receipt made from it exists, or it may still become
 * one (being read, or held for release). One raw object can serve several rows (one per owner
 * it was addressed to): it goes when every one of them is done (processed, failed or expired)
 * and has seen all of its receipts deleted; a mail that made no receipt loses it at once. Rows of a
 * raw object are locked together (in id order), so two deletes at once cannot both miss the
 * last one. The object is deleted after the commit; if that fails, the orphan sweeper does it
 * (no row claims it any more).
 */
export class RawMailRetention {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly logger: Logger,
  ) {}

  /** One of a mail's receipts was deleted (once per message id). */
  async receiptDeleted(event: ExpenseDeletedEvent, messageId: string): Promise<void> {
    const mailId = event.mail_id;
    if (!mailId) return; // an uploaded receipt: no raw mail
    let released: string | null = null;
    await handleOnce(
      this.dataSource,
      MAIL_SCHEMA,
      messageId,
      ExpensesEventPatterns.deleted,
      async (manager) => {
        const rawKey = await this.lockRaw(manager, mailId, event.user_id);
        if (!rawKey) return;
        await manager.query(
          `UPDATE "${MAIL_SCHEMA}"."inbound_mail" SET "receipts_deleted" = "receipts_deleted" + 1
           WHERE "id" = $1`,
          [mailId],
        );
        released = await this.releaseIfUnused(manager, rawKey);
      },
    );
    if (released) await this.deleteObject(released);
  }

  /**
   * Runs `finish` (the update that ends a mail's processing) with the mail's raw rows locked,
   * then deletes the raw mail if its receipts are already all gone.
   */
  async finishing(mailId: string, finish: (manager: EntityManager) => Promise<void>) {
    const released = await this.dataSource.transaction(async (manager) => {
      const rawKey = await this.lockRaw(manager, mailId);
      await finish(manager);
      return rawKey ? this.releaseIfUnused(manager, rawKey) : null;
    });
    if (released) await this.deleteObject(released);
  }

  /** Locks every row sharing the mail's raw object; returns its key (null: none or gone). */
  private async lockRaw(
    manager: EntityManager,
    mailId: string,
    userId?: string,
  ): Promise<string | null> {
    const found: { raw_key: string }[] = await manager.query(
      `SELECT "raw_key" FROM "${MAIL_SCHEMA}"."inbound_mail"
       WHERE "id" = $1 AND ($2::uuid IS NULL OR "user_id" = $2) AND "raw_deleted_at" IS NULL`,
      [mailId, userId ?? null],
    );
    const rawKey = found[0]?.raw_key;
    if (!rawKey) return null;
    await manager.query(
      `SELECT "id" FROM "${MAIL_SCHEMA}"."inbound_mail" WHERE "raw_key" = $1 ORDER BY "id" FOR UPDATE`,
      [rawKey],
    );
    return rawKey;
  }

  /** Marks the raw object gone when no row needs it; returns its key to delete after commit. */
  private async releaseIfUnused(manager: EntityManager, rawKey: string): Promise<string | null> {
    const [marked]: [unknown[], number] = await manager.query(
      `UPDATE "${MAIL_SCHEMA}"."inbound_mail" SET "raw_deleted_at" = now()
       WHERE "raw_key" = $1 AND "raw_deleted_at" IS NULL
         AND (SELECT bool_and("status" NOT IN ('received', 'held')
                              AND "receipts_deleted" >= "receipts_created")
              FROM "${MAIL_SCHEMA}"."inbound_mail" WHERE "raw_key" = $1)
       RETURNING "id"`,
      [rawKey],
    );
    return marked.length > 0 ? rawKey : null;
  }

  private async deleteObject(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'raw mail not deleted; the orphan sweeper will');
    }
  }
}
