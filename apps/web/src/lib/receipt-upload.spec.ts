import { afterEach, describe, expect, it } from '@jest/globals';
import { ReceiptUploadForm, UploadMessages } from '@snaptrack/contracts/core';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import {
  DEFAULT_RETRY_AFTER_SECONDS,
  isTransientUploadError,
  retryAfterMs,
  sendReceipt,
  uploadError,
  type ReceiptUpload,
} from './receipt-upload';

// The one client of POST /api/parse. The network is faked at the two places it leaves the
// browser (fetch, and XMLHttpRequest for progress); the real gateway answers it in the browser
// tests (receipts, bulk-upload, upload-limit, pwa).

const receipt: ReceiptUpload = {
  blob: new Blob(['receipt bytes'], { type: 'image/jpeg' }),
  filename: 'cafe.jpg',
  entity: 'Field Work',
  idempotencyKey: 'key-1',
};
const expense = { id: 'exp-1', status: 'processing', duplicate_of: null };
const accepted = { status: 202, body: { success: true, expense } };
const envelope = (code: string, message: string, details?: Record<string, unknown>) => ({
  success: false,
  error: { code, message, ...(details ? { details } : {}) },
});

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Sent = { url: string; method: string; headers: Record<string, string>; form: FormData };

const realFetch = globalThis.fetch;
const realXhr = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.fetch = realFetch;
  globalThis.XMLHttpRequest = realXhr;
});

function bodyText(body: unknown): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** fetch answering `reply` (or failing like a dropped connection when it is null). */
function fakeFetch(reply: Reply | null): Sent[] {
  const sent: Sent[] = [];
  globalThis.fetch = ((url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      form: init.body as FormData,
    });
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (init.signal?.aborted) return abort();
      init.signal?.addEventListener('abort', abort);
      setTimeout(() => {
        if (!reply) reject(new TypeError('Failed to fetch'));
        else resolve(new Response(bodyText(reply.body) || null, reply));
      }, 0);
    });
  }) as typeof fetch;
  return sent;
}

/** XMLHttpRequest reporting two progress steps, then answering `reply` (null: onerror). */
function fakeXhr(reply: Reply | null): Sent[] {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    responseType = '';
    upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private method = '';
    private readonly headers: Record<string, string> = {};
    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }
    getResponseHeader(name: string): string | null {
      const entry = Object.entries(reply?.headers ?? {}).find(
        ([key]) => key.toLowerCase() === name.toLowerCase(),
      );
      return entry?.[1] ?? null;
    }
    private aborted = false;
    abort(): void {
      this.aborted = true;
      this.onabort?.();
    }
    send(form: FormData): void {
      sent.push({ url: this.url, method: this.method, headers: this.headers, form });
      setTimeout(() => {
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        if (!reply) {
          this.onerror?.();
          return;
        }
        this.status = reply.status;
        this.responseText = bodyText(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return sent;
}

/** What the upload rejected with (it must reject). */
async function refusal(upload: Promise<unknown>): Promise<ApiError> {
  const outcome = await upload.then(
    () => new Error('the upload resolved'),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ApiError);
  return outcome as ApiError;
}

describe('sendReceipt', () => {
  it('posts the form under the contract names, entity first, with the key and the token', async () => {
    const sent = fakeFetch(accepted);
    await expect(sendReceipt(receipt, { token: 'tok' })).resolves.toEqual(expense);

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe(`/api${ReceiptUploadForm.path}`);
    expect(request?.method).toBe('POST');
    expect(request?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer tok',
      [ReceiptUploadForm.idempotencyHeader]: 'key-1',
    });
    expect([...(request?.form.keys() ?? [])]).toEqual([
      ReceiptUploadForm.entityField,
      ReceiptUploadForm.fileField,
    ]);
    expect(request?.form.get(ReceiptUploadForm.entityField)).toBe('Field Work');
    const file = request?.form.get(ReceiptUploadForm.fileField) as File;
    expect(file.name).toBe('cafe.jpg');
    expect(await file.text()).toBe('receipt bytes');
  });

  it('sends no Authorization header without a token', async () => {
    const sent = fakeFetch(accepted);
    await sendReceipt(receipt, { token: null });
    expect(sent[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('goes by XMLHttpRequest when asked for progress, reporting it up to 1', async () => {
    const sent = fakeXhr(accepted);
    const progress: number[] = [];
    const result = await sendReceipt(receipt, {
      token: 'tok',
      onProgress: (share) => progress.push(share),
    });

    expect(result).toEqual(expense);
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]?.url).toBe('/api/parse');
    expect(sent[0]?.headers[ReceiptUploadForm.idempotencyHeader]).toBe('key-1');
    expect(sent[0]?.form.get(ReceiptUploadForm.entityField)).toBe('Field Work');
  });

  it.each([
    ['fetch', fakeFetch],
    ['XMLHttpRequest', fakeXhr],
  ] as const)('over %s, a 429 carries its message and its wait', async (_, fake) => {
    fake({
      status: 429,
      body: envelope('RATE_LIMITED', 'Too many requests. Please try again in 7 seconds.', {
        retry_after_seconds: 7,
      }),
      headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
    });
    const error = await refusal(sendReceipt(receipt, { token: 'tok', onProgress: () => {} }));
    expect(error.status).toBe(429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe('Too many requests. Please try again in 7 seconds.');
    expect(retryAfterMs(error)).toBe(7000);
  });

  it.each([
    ['fetch', fakeFetch],
    ['XMLHttpRequest', fakeXhr],
  ] as const)('over %s, no answer at all is a network error', async (_, fake) => {
    fake(null);
    const error = await refusal(sendReceipt(receipt, { token: 'tok', onProgress: () => {} }));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it.each([
    ['fetch', fakeFetch],
    ['XMLHttpRequest', fakeXhr],
  ] as const)('over %s, a cancelled upload rejects as aborted', async (_, fake) => {
    fake(accepted);
    const controller = new AbortController();
    const upload = sendReceipt(receipt, {
      token: 'tok',
      onProgress: () => {},
      signal: controller.signal,
    });
    controller.abort();
    expect(await refusal(upload)).toMatchObject({ status: 0, code: 'ABORTED' });
  });

  it('takes a fetch upload without progress the same way (the service worker has no XHR)', async () => {
    const sent = fakeFetch(accepted);
    // No XMLHttpRequest at all, as in a service worker: progress asked for, fetch used.
    globalThis.XMLHttpRequest = undefined as unknown as typeof XMLHttpRequest;
    await expect(sendReceipt(receipt, { token: 'tok', onProgress: () => {} })).resolves.toEqual(
      expense,
    );
    expect(sent).toHaveLength(1);
  });

  it('refuses a success that carries no expense rather than resolve with nothing', async () => {
    fakeFetch({ status: 202, body: { success: true } });
    const error = await refusal(sendReceipt(receipt, { token: 'tok' }));
    expect(error.message).toBe(UploadMessages.failed);
  });
});

describe('uploadError', () => {
  it("keeps the server's own message and code", () => {
    const error = uploadError(400, envelope('VALIDATION_FAILED', UploadMessages.selectEntity));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(error.message).toBe(UploadMessages.selectEntity);
    const paywall = uploadError(
      402,
      envelope('SUBSCRIPTION_REQUIRED', 'Subscribe to add receipts.'),
    );
    expect(paywall).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    expect(paywall.message).toBe('Subscribe to add receipts.');
  });

  it("gives the spec's words when the answer says nothing (a proxy's page, an empty body)", () => {
    expect(uploadError(413, '<html>413 Request Entity Too Large</html>')).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: UploadMessages.tooLarge,
    });
    expect(uploadError(415, '')).toMatchObject({ message: UploadMessages.notImage });
    expect(uploadError(502, '<html>Bad Gateway</html>')).toMatchObject({
      status: 502,
      message: UploadMessages.failed,
    });
    expect(uploadError(500, undefined).message).toBe(UploadMessages.failed);
  });

  it("reads a 429's wait from the body, else the Retry-After header, else a minute", () => {
    const headers = (retryAfter: string | null) => ({ get: () => retryAfter });
    const fromBody = uploadError(
      429,
      envelope('RATE_LIMITED', 'Too many requests.', { retry_after_seconds: 5 }),
      headers('30'),
    );
    expect(retryAfterMs(fromBody)).toBe(5000);
    const fromHeader = uploadError(429, envelope('RATE_LIMITED', 'Too many.'), headers('30'));
    expect(retryAfterMs(fromHeader)).toBe(30_000);
    expect(fromHeader.message).toBe('Too many.');
    expect(retryAfterMs(uploadError(429, '', headers('soon')))).toBe(
      DEFAULT_RETRY_AFTER_SECONDS * 1000,
    );
  });
});

describe('isTransientUploadError', () => {
  it('says "later" for no answer, 408, 429 and 5xx, and "never" for other refusals', () => {
    const transient = [0, 408, 429, 500, 503].map((status) =>
      isTransientUploadError(new ApiError(status, 'X', 'x')),
    );
    const final = [400, 401, 402, 413, 415].map((status) =>
      isTransientUploadError(new ApiError(status, 'X', 'x')),
    );
    expect(transient).toEqual([true, true, true, true, true]);
    expect(final).toEqual([false, false, false, false, false]);
  });
});
