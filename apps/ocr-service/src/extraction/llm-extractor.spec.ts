import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  answering,
  closeFakeOpenAiServers,
  completion,
  fakeOpenAi,
  json,
} from '../../test/fake-openai.js';
import { readTextReceipt } from '../read/read-receipt.js';
import { extractFields } from './extract-fields.js';
import { createLlmExtractor, LlmExtractor, mergeAnswer } from './llm-extractor.js';

// The real `openai` client against a loopback server that answers like
// POST /v1/chat/completions (test/fake-openai.ts). The receipt is invented for these tests.
const RECEIPT = `WHOLE HARVEST MARKET LLC
1840 Mission Street
San Francisco, CA 94103
03/14/2024 06:42 PM
OAT MILK 64OZ 4.99
SOURDOUGH LOAF 6.49
SUBTOTAL 11.48
SALES TAX 8.625% 0.99
TOTAL $12.47
VISA ************4417 $12.47
THANK YOU FOR SHOPPING WITH US`;

const TODAY = new Date('2024-06-01T12:00:00Z');

afterEach(closeFakeOpenAiServers);

function extractor(
  baseURL: string,
  overrides: Partial<{ timeoutMs: number; maxRetries: number }> = {},
) {
  return new LlmExtractor({
    apiKey: 'test-key',
    baseURL,
    model: 'gpt-4o-mini',
    timeoutMs: overrides.timeoutMs ?? 20_000,
    maxRetries: overrides.maxRetries ?? 1,
  });
}

const rules = extractFields(RECEIPT, { referenceDate: TODAY });

describe('model extraction (openai client, loopback server)', () => {
  it('the rules read this receipt as the tests below assume', () => {
    expect(rules).toMatchObject({
      vendor: 'WHOLE HARVEST MARKET',
      total: 12.47,
      date: '2024-03-14',
      currency: 'USD',
    });
  });

  it('uses a good answer: the fields, the method, structured output asked for', async () => {
    // Different from the rules on purpose (a cleaner name, the printed subtotal), so the
    // result shows which side each field came from.
    const server = await fakeOpenAi(
      answering({
        vendor: 'Whole Harvest Market',
        date: '2024-03-14',
        total: 11.48,
        currency: 'USD',
      }),
    );
    const reading = await readTextReceipt(RECEIPT, TODAY, extractor(server.baseURL));

    expect(reading).toMatchObject({
      status: 'ready',
      fields: {
        vendor: 'Whole Harvest Market',
        amount: 11.48,
        expense_date: '2024-03-14',
        currency: 'USD',
      },
      rawText: RECEIPT,
      method: 'text+openai',
    });
    expect(server.seen).toHaveLength(1);
    const [request] = server.seen;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('gpt-4o-mini');
    expect(request.body.response_format.type).toBe('json_schema');
    expect(request.body.response_format.json_schema.strict).toBe(true);
    expect(request.body.messages.at(-1)?.content).toContain('TOTAL $12.47');
  });

  it('an answer that agrees with the rules raises their confidence', async () => {
    const server = await fakeOpenAi(
      answering({
        vendor: 'WHOLE HARVEST MARKET',
        date: '2024-03-14',
        total: 12.47,
        currency: 'USD',
      }),
    );
    const outcome = await extractor(server.baseURL).refine(RECEIPT, rules, TODAY);
    expect(outcome.used).toBe(true);
    expect(outcome.fields.total).toBe(12.47);
    expect(outcome.fields.confidence.total).toBeGreaterThanOrEqual(0.95);
    expect(outcome.fields.confidence.date).toBeGreaterThanOrEqual(0.95);
    expect(outcome.fields.confidence.overall).toBeGreaterThanOrEqual(rules.confidence.overall);
  });

  it('keeps the rules for fields that fail the plausibility check', async () => {
    const server = await fakeOpenAi(
      // 99.99 is printed nowhere; 2031 is after "today".
      answering({ vendor: 'Whole Harvest', date: '2031-03-14', total: 99.99, currency: 'EUR' }),
    );
    const outcome = await extractor(server.baseURL).refine(RECEIPT, rules, TODAY);
    expect(outcome.used).toBe(true);
    expect(outcome.fields).toMatchObject({
      vendor: 'Whole Harvest',
      total: 12.47,
      date: '2024-03-14',
      currency: 'USD',
    });
    expect(outcome.fields.confidence.total).toBe(rules.confidence.total);
  });

  it('uses the rules when the answer is not JSON', async () => {
    const server = await fakeOpenAi((res) =>
      json(res, 200, completion('The total on this receipt is $12.47.')),
    );
    const reading = await readTextReceipt(RECEIPT, TODAY, extractor(server.baseURL));
    expect(reading).toMatchObject({
      status: 'ready',
      fields: { vendor: rules.vendor, amount: rules.total, expense_date: rules.date },
      rawText: RECEIPT,
      method: 'text',
    });
    const outcome = await extractor(server.baseURL).refine(RECEIPT, rules, TODAY);
    expect(outcome).toEqual({ fields: rules, used: false, fallbackReason: 'malformed: not JSON' });
  });

  it('uses the rules when the JSON is not the agreed shape', async () => {
    const server = await fakeOpenAi(
      answering({ vendor: 'Whole Harvest', date: '14/03/2024', total: 12.47, currency: 'USD' }),
    );
    const outcome = await extractor(server.baseURL).refine(RECEIPT, rules, TODAY);
    expect(outcome).toEqual({
      fields: rules,
      used: false,
      fallbackReason: 'malformed: not the agreed fields',
    });
  });

  it('uses the rules after an HTTP 500, retried maxRetries times', async () => {
    const server = await fakeOpenAi((res) =>
      json(res, 500, { error: { message: 'boom', type: 'server_error' } }),
    );
    const reading = await readTextReceipt(
      RECEIPT,
      TODAY,
      extractor(server.baseURL, { maxRetries: 1 }),
    );
    expect(reading.method).toBe('text');
    expect(reading.fields).toMatchObject({ vendor: rules.vendor, amount: rules.total });
    expect(server.seen).toHaveLength(2);
    const outcome = await extractor(server.baseURL, { maxRetries: 0 }).refine(
      RECEIPT,
      rules,
      TODAY,
    );
    expect(outcome).toEqual({ fields: rules, used: false, fallbackReason: 'http 500' });
  });

  it('a retry after an HTTP 500 can still bring the answer', async () => {
    const server = await fakeOpenAi((res, attempt) =>
      attempt === 1
        ? json(res, 500, { error: { message: 'boom', type: 'server_error' } })
        : json(
            res,
            200,
            completion(
              JSON.stringify({
                vendor: 'Whole Harvest Market',
                date: '2024-03-14',
                total: 12.47,
                currency: 'USD',
              }),
            ),
          ),
    );
    const outcome = await extractor(server.baseURL).refine(RECEIPT, rules, TODAY);
    expect(outcome.used).toBe(true);
    expect(outcome.fields.vendor).toBe('Whole Harvest Market');
    expect(server.seen).toHaveLength(2);
  });

  it('uses the rules on a timeout, without waiting for the server', async () => {
    const held: ServerResponse[] = [];
    // Never answers by itself: the result can only come from the client's timeout.
    const server = await fakeOpenAi((res) => void held.push(res));
    const reading = await readTextReceipt(
      RECEIPT,
      TODAY,
      extractor(server.baseURL, { timeoutMs: 500, maxRetries: 1 }),
    );
    expect(reading).toMatchObject({
      status: 'ready',
      fields: { vendor: rules.vendor, amount: rules.total, expense_date: rules.date },
      method: 'text',
    });
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(held.every((res) => !res.writableEnded)).toBe(true);

    const outcome = await extractor(server.baseURL, { timeoutMs: 500, maxRetries: 0 }).refine(
      RECEIPT,
      rules,
      TODAY,
    );
    expect(outcome).toEqual({ fields: rules, used: false, fallbackReason: 'timeout' });
  });

  it('is off unless OPENAI_API_KEY or OPENAI_BASE_URL is set', () => {
    const base = { OPENAI_MODEL: 'gpt-4o-mini', OPENAI_TIMEOUT_MS: 15_000, OPENAI_MAX_RETRIES: 1 };
    expect(createLlmExtractor(base)).toBeNull();
    expect(createLlmExtractor({ ...base, OPENAI_API_KEY: 'sk-test' })).toBeInstanceOf(LlmExtractor);
    expect(
      createLlmExtractor({ ...base, OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }),
    ).toBeInstanceOf(LlmExtractor);
  });
});

describe('mergeAnswer', () => {
  it("keeps the rules' currency, and takes an unsure model one only when they found none", () => {
    const answer = { vendor: null, date: null, total: null, currency: 'EUR' };
    const kept = mergeAnswer(rules, answer, RECEIPT, TODAY);
    expect([kept.currency, kept.confidence.currency]).toEqual(['USD', rules.confidence.currency]);
    const none = { ...rules, currency: null, confidence: { ...rules.confidence, currency: 0 } };
    const taken = mergeAnswer(none, answer, RECEIPT, TODAY);
    expect([taken.currency, taken.confidence.currency]).toEqual(['EUR', 0.5]);
  });

  it('takes a model total only when the receipt prints it', () => {
    const answer = { vendor: null, date: null, total: 6.49, currency: null };
    expect(mergeAnswer(rules, answer, RECEIPT, TODAY).total).toBe(6.49);
    expect(mergeAnswer(rules, { ...answer, total: 6.5 }, RECEIPT, TODAY).total).toBe(12.47);
    expect(mergeAnswer(rules, { ...answer, total: -12.47 }, RECEIPT, TODAY).total).toBe(12.47);
  });

  it('sees a total printed with a space between thousands on a decimal-comma receipt', () => {
    const french = 'Bricolage Dupont\nPerceuse 1 089,00\nTOTAL TTC 1 089,00\nCB 1 089,00';
    const answer = { vendor: null, date: null, total: 1089, currency: null };
    expect(mergeAnswer({ ...rules, total: 89 }, answer, french, TODAY).total).toBe(1089);
  });

  it('takes a model date only when it is a real date whose year is printed', () => {
    const answer = { vendor: null, date: '2024-03-15', total: null, currency: null };
    expect(mergeAnswer(rules, answer, RECEIPT, TODAY).date).toBe('2024-03-15');
    expect(mergeAnswer(rules, { ...answer, date: '2023-03-14' }, RECEIPT, TODAY).date).toBe(
      '2024-03-14',
    );
    expect(mergeAnswer(rules, { ...answer, date: '2024-02-30' }, RECEIPT, TODAY).date).toBe(
      '2024-03-14',
    );
  });

  it('keeps the rules where the model has nothing, and a vendor it made up has low confidence', () => {
    const none = { vendor: null, date: null, total: null, currency: null };
    expect(mergeAnswer(rules, none, RECEIPT, TODAY)).toEqual(rules);
    const invented = mergeAnswer(rules, { ...none, vendor: 'Acme Widgets' }, RECEIPT, TODAY);
    expect(invented.vendor).toBe('Acme Widgets');
    expect(invented.confidence.vendor).toBe(0.5);
  });

  it('takes a vendor written in another script, printed on the receipt', () => {
    const ukrainian = 'ТОВ «Сільпо-Фуд»\nм. Київ\nСУМА 245,50 ГРН';
    const fields = extractFields(ukrainian, { referenceDate: TODAY });
    const none = { vendor: null, date: null, total: null, currency: null };
    const merged = mergeAnswer(fields, { ...none, vendor: 'Сільпо-Фуд' }, ukrainian, TODAY);
    expect(merged.vendor).toBe('Сільпо-Фуд');
    expect(merged.confidence.vendor).toBeGreaterThanOrEqual(0.75);
  });
});
