import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'none';

/** An account. Subscription fields are a read model the billing service keeps current. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** Stored lowercased and trimmed; unique. */
  @Column('text', { unique: true })
  email!: string;

  @Column('text', { name: 'password_hash', nullable: true })
  passwordHash!: string | null;

  @Column('text', { name: 'full_name', nullable: true })
  fullName!: string | null;

  @Column('text', { name: 'avatar_url', nullable: true })
  avatarUrl!: string | null;

  /** Raised by logout and password changes; tokens carrying an older value are refused. */
  @Column('integer', { name: 'auth_version', default: 1 })
  authVersion!: number;

  @Column('boolean', { name: 'has_email', default: true })
  hasEmail!: boolean;

  @Column('text', { name: 'contact_email', nullable: true })
  contactEmail!: string | null;

  @Column('text', { name: 'email_username', nullable: true, unique: true })
  emailUsername!: string | null;

  @Column('timestamptz', { name: 'email_username_changed_at', nullable: true })
  emailUsernameChangedAt!: Date | null;

  @Column('text', { name: 'personal_subdomain', nullable: true, unique: true })
  personalSubdomain!: string | null;

  @Column('text', { name: 'subscription_status', default: 'none' })
  subscriptionStatus!: SubscriptionStatus;

  @Column('timestamptz', { name: 'subscription_period_end', nullable: true })
  subscriptionPeriodEnd!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
