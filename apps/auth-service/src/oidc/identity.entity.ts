import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OidcProviderId } from '@snaptrack/contracts';

/** A Google or Apple account linked to a user: one per provider per user, one user per subject. */
@Entity({ name: 'identities' })
export class IdentityEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  provider!: OidcProviderId;

  /** The provider's `sub`: stable, unlike the email. */
  @Column('text')
  subject!: string;

  @Column('text', { nullable: true })
  email!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
