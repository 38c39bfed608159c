import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ExpenseStatus, ExtractionMethod } from '@snaptrack/contracts';

/** One expense. Amount is numeric(12,2) and comes back from Postgres as a string. */
@Entity({ name: 'expenses' })
export class ExpenseEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  vendor!: string;

  @Column('numeric', { precision: 12, scale: 2 })
  amount!: string;

  @Column('text')
  currency!: string;

  /** YYYY-MM-DD: a calendar date, no time zone. */
  @Column('date', { name: 'expense_date' })
  expenseDate!: string;

  @Column('text', { nullable: true })
  notes!: string | null;

  @Column('uuid', { name: 'entity_id', nullable: true })
  entityId!: string | null;

  @Column('text', { array: true })
  tags!: string[];

  @Column('real', { name: 'ocr_confidence', nullable: true })
  ocrConfidence!: number | null;

  /** Object storage key of the receipt image. */
  @Column('text', { name: 'image_key', nullable: true })
  imageKey!: string | null;

  /** The inbound message (mail-ingest's id) of a mailed receipt. */
  @Column('uuid', { name: 'mail_id', nullable: true })
  mailId!: string | null;

  @Column('text', { name: 'extraction_method' })
  extractionMethod!: ExtractionMethod;

  @Column('text', { name: 'email_subject', nullable: true })
  emailSubject!: string | null;

  @Column('text', { name: 'raw_ocr_text', nullable: true })
  rawOcrText!: string | null;

  @Column('text')
  status!: ExpenseStatus;

  @Column('text', { name: 'processing_error', nullable: true })
  processingError!: string | null;

  @Column('text', { name: 'content_sha256', nullable: true })
  contentSha256!: string | null;

  @Column('uuid', { name: 'duplicate_of', nullable: true })
  duplicateOf!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
