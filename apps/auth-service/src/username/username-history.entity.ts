import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One username change (the API shows old_username, new_username, changed_at, changed_by). */
@Entity({ name: 'username_history' })
export class UsernameHistoryEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text', { name: 'old_username', nullable: true })
  oldUsername!: string | null;

  @Column('text', { name: 'new_username' })
  newUsername!: string;

  @Column('timestamptz', { name: 'changed_at' })
  changedAt!: Date;

  @Column('text', { name: 'changed_by' })
  changedBy!: string;
}
