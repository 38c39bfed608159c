// Imports nothing: a service's migrate step loads it without the bus, its Nest modules and
// OpenTelemetry (over half a second of every migrate process).

/** Schema-qualified DDL for a service's outbox and inbox; used by its first migration. */
export function outboxInboxDdl(schema: string): { up: string[]; down: string[] } {
  return {
    up: [
      `CREATE TABLE "${schema}"."outbox" (
        "id" uuid PRIMARY KEY,
        "pattern" text NOT NULL,
        "destination" text NOT NULL,
        "payload" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text
      )`,
      `CREATE INDEX "outbox_unsent_idx" ON "${schema}"."outbox" ("created_at") WHERE "sent_at" IS NULL`,
      `CREATE TABLE "${schema}"."inbox" (
        "message_id" text PRIMARY KEY,
        "pattern" text NOT NULL,
        "handled_at" timestamptz NOT NULL DEFAULT now()
      )`,
    ],
    down: [`DROP TABLE "${schema}"."inbox"`, `DROP TABLE "${schema}"."outbox"`],
  };
}
