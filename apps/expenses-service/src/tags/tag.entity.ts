import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A tag of the user's catalogue (suggestions, Settings). Expenses carry tag names in a text
 * array; removing a tag from the catalogue leaves the expenses that carry it unchanged.
 */
@Entity({ name: 'tags' })
export class TagEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
