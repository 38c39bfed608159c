import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ActionPurpose =
  'password_reset' | 'password_setup' | 'email_verify' | 'oidc_state' | 'oidc_result';

/** Flat JSON kept with a code (what the code stands for). */
export type CodePayload = Record<string, string | number | boolean | null>;

/** A one-time secret sent to someone (or handed to a browser). Only its SHA-256 is kept. */
@Entity({ name: 'action_codes' })
export class ActionCodeEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  purpose!: ActionPurpose;

  @Column('text', { name: 'code_hash' })
  codeHash!: string;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId!: string | null;

  @Column('jsonb', { default: {} })
  payload!: CodePayload;

  @Column('text', { name: 'idempotency_key', nullable: true })
  idempotencyKey!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
