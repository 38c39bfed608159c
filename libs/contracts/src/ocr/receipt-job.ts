import { Transform, plainToInstance } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { taxProblem, type TaxLine } from '../core/expenses/tax.js';
import {
  ExpenseLimits,
  FieldFlags,
  type FieldEvidence,
  type FieldFlag,
  type FieldEvidenceMap,
  type ImageBox,
} from '../core/expenses/expense.js';
import { IsCalendarDate } from '../expenses/expense-input.js';
import { IsReceiptLocale } from './receipt-locale.js';

/** The stored receipt kinds, named by what their magic bytes say (never by file name). */
export const ReceiptContentTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
  // The text of a receipt email without attachments (mail-ingest): read by extraction alone.
  'text/plain',
] as const;
export type ReceiptContentType = (typeof ReceiptContentTypes)[number];

/**
 * "Read this stored receipt": a job for ocr-service. Whoever stored the file and created the
 * expense in status `processing` enqueues it through its outbox (expenses for uploads,
 * mail-ingest for mailed receipts). `job_id` names this attempt: a re-extraction gets a new one,
 * and only the result of the expense's current job is applied.
 */
export class ProcessReceiptJob {
  @IsUUID('all')
  job_id!: string;

  @IsUUID('all')
  expense_id!: string;

  @IsUUID('all')
  user_id!: string;

  /** The entity the receipt was filed under, or null (context for the reader, not a filter). */
  @IsOptional()
  @IsString()
  @MaxLength(ExpenseLimits.maxEntityNameLength)
  entity!: string | null;

  @IsString()
  @MaxLength(1024)
  storage_key!: string;

  @IsIn(ReceiptContentTypes)
  content_type!: ReceiptContentType;

  /**
   * The locale the user works in (BCP 47, canonical, e.g. `de-DE`), when known: one piece of
   * evidence for day/month order, decimal marks and currency, weaker than what the receipt
   * prints. Absent for mailed receipts and for jobs queued before it existed.
   */
  @IsReceiptLocale()
  locale?: string | null;
}

/** The largest side a stored receipt image can have (50 MP pictures stay well below). */
const MAX_IMAGE_SIDE = 100_000;

/** A transform rather than `@Type`, which needs reflect-metadata in every importer. */
function nested<T extends object>(cls: new () => T) {
  return Transform(({ value }: { value: unknown }) =>
    value && typeof value === 'object' ? plainToInstance(cls, value) : value,
  );
}

/** A line's rectangle in pixels of the stored image (after its EXIF orientation). */
export class ImageBoxInput implements ImageBox {
  @IsInt()
  @Min(0)
  @Max(MAX_IMAGE_SIDE)
  x!: number;

  @IsInt()
  @Min(0)
  @Max(MAX_IMAGE_SIDE)
  y!: number;

  @IsInt()
  @Min(1)
  @Max(MAX_IMAGE_SIDE)
  width!: number;

  @IsInt()
  @Min(1)
  @Max(MAX_IMAGE_SIDE)
  height!: number;
}

/** One field's confidence and the box of the line it was read from. */
export class FieldEvidenceInput implements FieldEvidence {
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  confidence!: number;

  @IsOptional()
  @ValidateNested()
  @nested(ImageBoxInput)
  box!: ImageBoxInput | null;

  @IsOptional()
  @IsIn(FieldFlags)
  flag?: FieldFlag;
}

/** Evidence per field; a field that was not read is left out or flagged `not_read`. */
export class ReceiptFieldEvidence implements FieldEvidenceMap {
  @IsOptional()
  @ValidateNested()
  @nested(FieldEvidenceInput)
  vendor?: FieldEvidenceInput;

  @IsOptional()
  @ValidateNested()
  @nested(FieldEvidenceInput)
  amount?: FieldEvidenceInput;

  @IsOptional()
  @ValidateNested()
  @nested(FieldEvidenceInput)
  expense_date?: FieldEvidenceInput;

  /** Null box when the currency was inferred (country, locale) rather than printed. */
  @IsOptional()
  @ValidateNested()
  @nested(FieldEvidenceInput)
  currency?: FieldEvidenceInput;

  /** The tax lines' box; left out when no tax was read. */
  @IsOptional()
  @ValidateNested()
  @nested(FieldEvidenceInput)
  tax_amount?: FieldEvidenceInput;
}

/** The fields read from a receipt, with a confidence per field and for the whole (0 to 1). */
export class ReceiptFields {
  @IsOptional()
  @IsString()
  @MaxLength(ExpenseLimits.maxVendorLength)
  vendor!: string | null;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  @Max(ExpenseLimits.maxAmount)
  amount!: number | null;

  /** ISO 4217. */
  @IsOptional()
  @Matches(/^[A-Z]{3}$/)
  currency!: string | null;

  @IsOptional()
  @IsCalendarDate()
  expense_date!: string | null;

  @IsNumber()
  @Min(0)
  @Max(1)
  confidence!: number;

  /**
   * The tax read from the receipt's tax lines (two decimals), null when none was read (never 0
   * for that). Optional, so that readings queued before it existed still validate.
   */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  @Max(ExpenseLimits.maxAmount)
  tax_amount?: number | null;

  /** Per rate: rate in percent, tax, net and gross (null where not printed). */
  @IsOptional()
  @ValidateBy({
    name: 'isReadTaxLines',
    validator: {
      validate: (value) =>
        Array.isArray(value) && taxProblem(ExpenseLimits.maxAmount, null, value) === null,
    },
  })
  tax_lines?: TaxLine[] | null;

  /**
   * Per field: its confidence and the box of the line it came from. Optional, so that readings
   * queued before it existed still validate.
   */
  @IsOptional()
  @ValidateNested()
  @nested(ReceiptFieldEvidence)
  evidence?: ReceiptFieldEvidence | null;
}

/**
 * What a receipt looks like, for finding the same purchase again (docs/api.md, Duplicates):
 * the perceptual hashes of an image, or the hash of an e-receipt's normalised text.
 */
export class ReceiptFingerprint {
  /**
   * 64-bit perceptual hashes (16 hex digits) of the image upright, then turned 90°, 180° and
   * 270° clockwise; absent when the file is not an image the hasher can decode.
   */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(4)
  @ArrayMaxSize(4)
  @Matches(/^[0-9a-f]{16}$/, { each: true })
  image_hashes?: string[] | null;

  /**
   * The same four hashes of the receipt's own region (the paper, then the box its print fills),
   * which a copy cropped a little keeps; absent when no print was found or with no image_hashes.
   */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(4)
  @ArrayMaxSize(4)
  @Matches(/^[0-9a-f]{16}$/, { each: true })
  region_hashes?: string[] | null;

  /** SHA-256 (hex) of a text receipt's letters and digits, lower-cased. */
  @IsOptional()
  @Matches(/^[0-9a-f]{64}$/)
  text_hash?: string | null;
}

export const ReceiptOutcomes = ['ready', 'failed'] as const;
export type ReceiptOutcome = (typeof ReceiptOutcomes)[number];

/** ocr-service's answer to a {@link ProcessReceiptJob}; expenses-service applies it. */
export class ReceiptProcessedEvent {
  @IsUUID('all')
  job_id!: string;

  @IsUUID('all')
  expense_id!: string;

  @IsUUID('all')
  user_id!: string;

  @IsIn(ReceiptOutcomes)
  status!: ReceiptOutcome;

  /** Filled when `status` is ready. */
  @IsOptional()
  @ValidateNested()
  @nested(ReceiptFields)
  fields!: ReceiptFields | null;

  /** The text the OCR engine read (kept on the expense as raw_ocr_text). */
  @IsOptional()
  @IsString()
  @MaxLength(100_000)
  raw_text!: string | null;

  /** Why the receipt could not be read, in words a user understands. */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  error!: string | null;

  /** Optional, so that readings queued before it existed still validate. */
  @IsOptional()
  @ValidateNested()
  @nested(ReceiptFingerprint)
  fingerprint?: ReceiptFingerprint | null;

  /** What read it: `tesseract`, `paddle`, `hybrid`, `pdf-text`, plus `+openai` when a model did. */
  @IsString()
  @MaxLength(50)
  method!: string;
}

/** Events and jobs about receipts. */
export interface OcrEvents {
  'ocr.receipt.process.v1': ProcessReceiptJob;
  'ocr.receipt.processed.v1': ReceiptProcessedEvent;
}

export const OcrEventConsumers = {
  'ocr.receipt.process.v1': ['ocr'],
  'ocr.receipt.processed.v1': ['expenses'],
} as const;

export const OcrPatterns = {
  process: 'ocr.receipt.process.v1',
  processed: 'ocr.receipt.processed.v1',
} as const;
