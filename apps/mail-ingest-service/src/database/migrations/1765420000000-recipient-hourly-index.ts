import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The mails-per-hour quota counts an address's mail of the last hour at every RCPT. */
export class RecipientHourlyIndex1765420000000 implements MigrationInterface {
  name = 'RecipientHourlyIndex1765420000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX "inbound_mail_recipient_received_idx" ON "mail_ingest"."inbound_mail" ("recipient", "received_at")`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "mail_ingest"."inbound_mail_recipient_received_idx"`);
  }
}
