import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxInboxDdl } from '@snaptrack/nest-rmq/outbox-ddl';

/** Checkouts, subscriptions, local portal sessions, received Stripe events, outbox and inbox. */
export class CreateBilling1764720000000 implements MigrationInterface {
  name = 'CreateBilling1764720000000';

  async up(runner: QueryRunner): Promise<void> {
    // One row per checkout we started. `provider_session_id` is what the success URL carries.
    await runner.query(`CREATE TABLE "billing"."checkouts" (
      "id" uuid PRIMARY KEY,
      "provider" text NOT NULL CHECK ("provider" IN ('local', 'stripe')),
      "provider_session_id" text UNIQUE,
      "email" text NOT NULL,
      "platform" text NOT NULL CHECK ("platform" IN ('web', 'mobile')),
      "return_url" text,
      "state" text NOT NULL DEFAULT 'open' CHECK ("state" IN ('open', 'paid', 'cancelled')),
      "customer_id" text,
      "subscription_id" text,
      "user_id" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "paid_at" timestamptz,
      "fulfilled_at" timestamptz,
      "mobile_token_issued_at" timestamptz
    )`);
    await runner.query(
      `CREATE INDEX "checkouts_unfulfilled_idx" ON "billing"."checkouts" ("paid_at") WHERE "state" = 'paid' AND "fulfilled_at" IS NULL`,
    );

    // One subscription per account: a new paid checkout replaces the old one.
    await runner.query(`CREATE TABLE "billing"."subscriptions" (
      "user_id" uuid PRIMARY KEY,
      "email" text NOT NULL,
      "provider" text NOT NULL CHECK ("provider" IN ('local', 'stripe')),
      "customer_id" text NOT NULL,
      "subscription_id" text NOT NULL UNIQUE,
      "status" text NOT NULL CHECK ("status" IN ('active', 'past_due', 'canceled', 'none')),
      "current_period_end" timestamptz,
      "cancel_at" timestamptz,
      -- Stripe's object timestamp of the state we hold: an older event never overwrites it.
      "source_updated_at" bigint NOT NULL DEFAULT 0,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(
      `CREATE INDEX "subscriptions_email_idx" ON "billing"."subscriptions" ("email")`,
    );
    await runner.query(
      `CREATE INDEX "subscriptions_customer_idx" ON "billing"."subscriptions" ("customer_id")`,
    );

    // The local provider's billing portal: a short-lived link per visit.
    await runner.query(`CREATE TABLE "billing"."portal_sessions" (
      "id" text PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "return_url" text NOT NULL,
      "expires_at" timestamptz NOT NULL
    )`);

    // Every verified Stripe event, stored before the webhook is answered; id = event.id.
    await runner.query(`CREATE TABLE "billing"."stripe_events" (
      "id" text PRIMARY KEY,
      "type" text NOT NULL,
      "created" bigint NOT NULL,
      "payload" jsonb NOT NULL,
      "received_at" timestamptz NOT NULL DEFAULT now(),
      "processed_at" timestamptz,
      "attempts" integer NOT NULL DEFAULT 0,
      "last_error" text
    )`);
    await runner.query(
      `CREATE INDEX "stripe_events_pending_idx" ON "billing"."stripe_events" ("received_at") WHERE "processed_at" IS NULL`,
    );

    for (const statement of outboxInboxDdl('billing').up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of outboxInboxDdl('billing').down) await runner.query(statement);
    await runner.query(`DROP TABLE "billing"."stripe_events"`);
    await runner.query(`DROP TABLE "billing"."portal_sessions"`);
    await runner.query(`DROP TABLE "billing"."subscriptions"`);
    await runner.query(`DROP TABLE "billing"."checkouts"`);
  }
}
