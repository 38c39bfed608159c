import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { EmailType } from '@snaptrack/contracts';

/** One address of a user: the sign-in address ('primary') or one they added. */
@Entity({ name: 'user_emails' })
export class UserEmailEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  /** Lowercased and trimmed. */
  @Column('text')
  email!: string;

  @Column('text', { name: 'email_type' })
  emailType!: EmailType;

  @Column('boolean', { name: 'is_verified', default: false })
  isVerified!: boolean;

  @Column('boolean', { name: 'opted_in_transactional', default: true })
  optedInTransactional!: boolean;

  @Column('boolean', { name: 'opted_in_marketing', default: false })
  optedInMarketing!: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'verified_at', nullable: true })
  verifiedAt!: Date | null;
}
