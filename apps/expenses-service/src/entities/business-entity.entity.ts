import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A business or personal bucket. Names are unique per user ignoring case. */
@Entity({ name: 'entities' })
export class BusinessEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  name!: string;

  @Column('text', { nullable: true })
  description!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
