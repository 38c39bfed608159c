import OpenAI from 'openai';
import { z } from 'zod';
import type { Logger } from '@snaptrack/nest-logging';
import { findAmounts } from './amount.js';
import { decideDecimalMark } from './locale-number.js';
import { WEIGHTS, type ExtractedFields } from './extract-fields.js';
import { normalizeVendor, similarity } from './similarity.js';
import { toTextLines } from './text-lines.js';

export interface LlmExtractorOptions {
  /** Sent as the bearer token; a local server (Ollama, vLLM) ignores it. */
  apiKey?: string;
  /** An OpenAI-compatible API root, e.g. `http://127.0.0.1:11434/v1`. Default: OpenAI. */
  baseURL?: string;
  model: string;
  /** The whole model step for one receipt, retries included. */
  timeoutMs: number;
  /** Retries of a failed request (429, 5xx, connection error) within `timeoutMs`. */
  maxRetries: number;
  logger?: Pick<Logger, 'warn'>;
}

/** What the model step gave: the fields to keep, and whether the model's answer was used. */
export interface LlmOutcome {
  fields: ExtractedFields;
  /** The answer was valid JSON of the agreed shape (some fields may still be the rules'). */
  used: boolean;
  /** Why the rules' result was kept whole: `timeout`, `http 500`, `malformed: …`, … */
  fallbackReason: string | null;
}

/** The method suffix a reading gets when the model's answer was used (`tesseract+openai`). */
export const LLM_METHOD_SUFFIX = '+openai';

/** Receipts are short; a page of OCR noise gains nothing past this and costs tokens. */
const MAX_PROMPT_CHARS = 6_000;

const PROMPT = [
  'You read the OCR text of one purchase receipt and return its fields as JSON.',
  'vendor: the name of the shop or company that issued the receipt, as printed (fix obvious OCR',
  'errors, no address, no tax id); null if unknown.',
  'date: the purchase date as YYYY-MM-DD; null if none is printed.',
  'total: the final amount paid (after tax and rounding), a number with up to two decimals; null',
  'if none is printed.',
  'currency: ISO 4217 code (RM means MYR); null if it cannot be told.',
  'Only report values printed on the receipt. Never guess.',
].join(' ');

/** Structured outputs (strict): every key required, nulls allowed, nothing else. */
const RESPONSE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['vendor', 'date', 'total', 'currency'],
  properties: {
    vendor: { type: ['string', 'null'], description: 'Shop or company name' },
    date: { type: ['string', 'null'], description: 'Purchase date, YYYY-MM-DD' },
    total: { type: ['number', 'null'], description: 'Amount paid' },
    currency: { type: ['string', 'null'], description: 'ISO 4217 code' },
  },
} as const;

const nullableText = z
  .string()
  .nullable()
  .transform((value) => (value?.trim() ? value.trim() : null));

/**
 * The answer as validated. Local models sometimes send the total as a string ("12.50"), which
 * is accepted; anything else outside the schema rejects the whole answer.
 */
const answerSchema = z.object({
  vendor: nullableText,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  total: z
    .union([z.number(), z.string().regex(/^\s*-?\d{1,9}(?:\.\d{1,2})?\s*$/)])
    .nullable()
    .transform((value) => (value === null ? null : Number(value)))
    .refine((value) => value === null || Number.isFinite(value)),
  currency: z
    .string()
    .nullable()
    .transform((value) => value?.trim().toUpperCase() || null)
    .refine((value) => value === null || /^[A-Z]{3}$/.test(value)),
});

export type LlmAnswer = z.infer<typeof answerSchema>;

class MalformedAnswerError extends Error {}

/**
 * Asks an OpenAI-compatible chat model for vendor, date, total and currency from the OCR text,
 * then checks each field against the text before it replaces the rules' value:
 *   - total: positive, and printed on the receipt (one of its amounts) — a model that adds up
 *     lines or invents a number is ignored for that field;
 *   - date: a real calendar date from 1990 up to tomorrow, whose year is printed;
 *   - vendor: non-empty; kept even when the OCR text has it garbled (that is what the model is
 *     for), with a lower confidence;
 *   - currency: a three-letter code, used only when the rules found none.
 * Any failure (HTTP error, timeout, refusal, answer that is not the agreed JSON) keeps the
 * rules' result whole. Never throws.
 *
 * Confidence per field: the model agreeing with the rules raises the rules' confidence to at
 * least 0.95 (total, date) or 0.9 (vendor); a model value that the rules did not find but the
 * text supports gets 0.8 (total), 0.7 (date), 0.75 (vendor similar to a printed line) or 0.5
 * (vendor not found in the text); fields kept from the rules keep theirs. Overall: the same
 * weights as the rules (total 0.45, date 0.3, vendor 0.25).
 */
export class LlmExtractor {
  private readonly client: OpenAI;

  constructor(private readonly options: LlmExtractorOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey ?? 'not-needed',
      baseURL: options.baseURL ?? 'https://api.openai.com/v1',
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }

  get model(): string {
    return this.options.model;
  }

  async refine(
    text: string,
    rules: ExtractedFields,
    referenceDate: Date = new Date(),
  ): Promise<LlmOutcome> {
    let answer: LlmAnswer;
    try {
      answer = await this.ask(text);
    } catch (error) {
      const fallbackReason = reasonFor(error);
      this.options.logger?.warn(
        { model: this.options.model, reason: fallbackReason },
        'model extraction failed; the rules result is used',
      );
      return { fields: rules, used: false, fallbackReason };
    }
    return {
      fields: mergeAnswer(rules, answer, text, referenceDate),
      used: true,
      fallbackReason: null,
    };
  }

  private async ask(text: string): Promise<LlmAnswer> {
    const completion = await this.client.chat.completions.create(
      {
        model: this.options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: PROMPT },
          { role: 'user', content: text.slice(0, MAX_PROMPT_CHARS) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'receipt_fields', strict: true, schema: RESPONSE_SCHEMA },
        },
      },
      // The client's timeout is per attempt; this bounds the attempts together.
      { signal: AbortSignal.timeout(this.options.timeoutMs) },
    );
    const message = completion.choices[0]?.message;
    if (message?.refusal) throw new MalformedAnswerError('refusal');
    const content = message?.content?.trim();
    if (!content) throw new MalformedAnswerError('empty answer');
    let json: unknown;
    try {
      // Some local models wrap the JSON in a Markdown fence despite the schema.
      json = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new MalformedAnswerError('not JSON');
    }
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success) throw new MalformedAnswerError('not the agreed fields');
    return parsed.data;
  }
}

function reasonFor(error: unknown): string {
  if (error instanceof MalformedAnswerError) return `malformed: ${error.message}`;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'timeout';
  if (error instanceof OpenAI.APIUserAbortError) return 'timeout';
  if (error instanceof OpenAI.APIConnectionError) return 'connection error';
  if (error instanceof OpenAI.APIError) return `http ${error.status ?? '?'}`;
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  return 'error';
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The rules' fields with each plausible model field in their place (see LlmExtractor). */
export function mergeAnswer(
  rules: ExtractedFields,
  answer: LlmAnswer,
  text: string,
  referenceDate: Date,
): ExtractedFields {
  const lines = toTextLines(text);
  const confidence = { ...rules.confidence };

  let total = rules.total;
  if (answer.total !== null && answer.total > 0 && answer.total < 10_000_000) {
    const cents = Math.round(answer.total * 100);
    // Read the way the rules read it: "1 234,56" is one amount on a decimal-comma receipt.
    const decimalMark = decideDecimalMark(lines.map((line) => line.text));
    const printed = new Set(
      lines.flatMap((line) => findAmounts(line.text, { decimalMark }).map((a) => a.cents)),
    );
    if (rules.total !== null && cents === Math.round(rules.total * 100)) {
      confidence.total = Math.max(rules.confidence.total, 0.95);
    } else if (printed.has(cents)) {
      total = cents / 100;
      confidence.total = 0.8;
    }
  }

  let date = rules.date;
  if (answer.date !== null && plausibleDate(answer.date, text, referenceDate)) {
    if (answer.date === rules.date) {
      confidence.date = Math.max(rules.confidence.date, 0.95);
    } else {
      date = answer.date;
      confidence.date = 0.7;
    }
  }

  let vendor = rules.vendor;
  if (answer.vendor !== null && normalizeVendor(answer.vendor).length > 0) {
    const model = normalizeVendor(answer.vendor);
    vendor = answer.vendor.slice(0, 200);
    if (rules.vendor !== null && similarity(model, normalizeVendor(rules.vendor)) >= 0.9) {
      confidence.vendor = Math.max(rules.confidence.vendor, 0.9);
    } else {
      confidence.vendor = printedVendor(
        model,
        lines.map((line) => line.text),
      )
        ? 0.75
        : 0.5;
    }
  }

  const currency = rules.currency ?? answer.currency;
  // A code only the model gave: as unsure as the rules' weakest guess (no symbol to point at).
  if (rules.currency === null && currency !== null) confidence.currency = 0.5;

  confidence.vendor = vendor === null ? 0 : round(confidence.vendor);
  confidence.total = total === null ? 0 : round(confidence.total);
  confidence.date = date === null ? 0 : round(confidence.date);
  confidence.overall = round(
    WEIGHTS.vendor * confidence.vendor +
      WEIGHTS.total * confidence.total +
      WEIGHTS.date * confidence.date,
  );
  // The rules' boxes stay: read-receipt.ts keeps one only where the value is the rules'.
  // Tax lines are the rules' (read-receipt.ts lowers their confidence when the total changed).
  return {
    vendor,
    total,
    date,
    currency,
    taxAmount: rules.taxAmount,
    taxLines: rules.taxLines,
    confidence,
    // The kind of evidence of a value the model changed is no rule's: none is named.
    ...(rules.basis
      ? {
          basis: {
            vendor: vendor === rules.vendor ? rules.basis.vendor : null,
            total: total === rules.total ? rules.basis.total : null,
            date: date === rules.date ? rules.basis.date : null,
          },
        }
      : {}),
    boxes: rules.boxes,
  };
}

/** A calendar date from 1990 to tomorrow whose year (four or two digits) is in the text. */
function plausibleDate(value: string, text: string, referenceDate: Date): boolean {
  const [year, month, day] = value.split('-').map(Number);
  if (month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (year < 1990 || Date.UTC(year, month - 1, day) > referenceDate.getTime() + 86_400_000) {
    return false;
  }
  const yy = String(year).slice(2);
  return text.includes(String(year)) || new RegExp(`(?<!\\d)${yy}(?!\\d)`).test(text);
}

/** The vendor appears in the text, or is close to one of its lines (≥ 0.75 similar). */
function printedVendor(normalized: string, lines: string[]): boolean {
  const compact = (s: string) => s.replace(/\s/g, '');
  const all = compact(normalizeVendor(lines.join(' ')));
  if (all.includes(compact(normalized))) return true;
  return lines.some((line) => similarity(normalizeVendor(line), normalized) >= 0.75);
}

/** The extractor the configuration asks for, or null when model extraction is off. */
export function createLlmExtractor(
  config: {
    OPENAI_API_KEY?: string;
    OPENAI_BASE_URL?: string;
    OPENAI_MODEL: string;
    OPENAI_TIMEOUT_MS: number;
    OPENAI_MAX_RETRIES: number;
  },
  logger?: Pick<Logger, 'warn'>,
): LlmExtractor | null {
  if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) return null;
  return new LlmExtractor({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    maxRetries: config.OPENAI_MAX_RETRIES,
    logger,
  });
}
