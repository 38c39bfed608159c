import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ReceiptProcessedEvent } from './receipt-job.js';

const event = (fields: Record<string, unknown>) =>
  plainToInstance(ReceiptProcessedEvent, {
    job_id: '7d3c0f5e-2f0a-4c55-9f39-2d5cbd4f1a11',
    expense_id: '0c7f6a2e-1b9d-4f7e-8f59-5a3e2d1c0b9a',
    user_id: '5a1e8c3d-7b2f-4e6a-9d0c-1f2e3d4c5b6a',
    status: 'ready',
    fields: {
      vendor: 'CAFE',
      amount: 4.5,
      currency: 'USD',
      expense_date: '2026-03-14',
      confidence: 0.8,
      ...fields,
    },
    raw_text: 'CAFE',
    error: null,
    method: 'tesseract',
  });

const errorsOf = async (fields: Record<string, unknown>) =>
  JSON.stringify(await validate(event(fields), { whitelist: true, forbidNonWhitelisted: true }));

describe('ReceiptProcessedEvent field evidence', () => {
  it('validates a reading without evidence, as older messages are', async () => {
    expect(await errorsOf({})).toBe('[]');
  });

  it('validates per-field confidence and boxes', async () => {
    const box = { x: 10, y: 20, width: 300, height: 40 };
    const evidence = {
      vendor: { confidence: 0.9, box },
      amount: { confidence: 0.55, box },
      expense_date: { confidence: 0.95, box: null },
      currency: { confidence: 0.9, box },
    };
    expect(await errorsOf({ evidence })).toBe('[]');
    expect(
      await errorsOf({ evidence: { currency: { confidence: 0.5, box: { ...box, y: -1 } } } }),
    ).toContain('"y"');
  });

  it('refuses a confidence above 1, a negative or fractional box, and unknown keys', async () => {
    const box = { x: 10, y: 20, width: 300, height: 40 };
    expect(await errorsOf({ evidence: { vendor: { confidence: 1.2, box } } })).toContain(
      'confidence',
    );
    expect(
      await errorsOf({ evidence: { amount: { confidence: 0.5, box: { ...box, x: -3 } } } }),
    ).toContain('"x"');
    expect(
      await errorsOf({ evidence: { amount: { confidence: 0.5, box: { ...box, width: 2.5 } } } }),
    ).toContain('width');
    expect(await errorsOf({ evidence: { notes: { confidence: 0.5, box } } })).toContain('notes');
  });
});
