import {
  ReceiptUploadForm,
  UploadMessages,
  type Expense,
  type ExpenseResponse,
} from '@snaptrack/contracts/core';
import { ApiError, isRecord, NETWORK_ERROR_MESSAGE, parseApiError } from './api-error';

// The one client of POST /api/parse: the upload card, its bulk upload and shared files (through
// the card), and the offline queue (in the page and in the service worker) all send through it.
// Free of the DOM's window and of the session store, so the service worker can use it: the
// caller passes the token.

/** One receipt as it goes up. */
export interface ReceiptUpload {
  blob: Blob;
  filename: string;
  entity: string;
  /** Same key on every try of the same file: the server answers a retry with the first upload. */
  idempotencyKey: string;
}

export interface SendReceiptOptions {
  /** The bearer token; null sends none (the server answers 401). */
  token: string | null;
  /** 0 to 1 as the bytes leave. Only XMLHttpRequest reports it, so asking for it uses XHR. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

export const UPLOAD_URL = `/api${ReceiptUploadForm.path}`;

/** Seconds to wait on a 429 that names none (the gateway always does). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The multipart body, with the field names the gateway reads (ReceiptUploadForm). */
export function receiptForm(upload: ReceiptUpload): FormData {
  const form = new FormData();
  // The entity first, so the server can refuse a missing one before the file arrives.
  form.append(ReceiptUploadForm.entityField, upload.entity);
  form.append(ReceiptUploadForm.fileField, upload.blob, upload.filename);
  return form;
}

function requestHeaders(upload: ReceiptUpload, token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [ReceiptUploadForm.idempotencyHeader]: upload.idempotencyKey,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

const networkError = () => new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
const abortedError = () => new ApiError(0, 'ABORTED', 'Upload cancelled');

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The error of a refused upload, in the spec's words (section 9: "the error message or 'Upload
 * failed'"): the server's own message when it sent one; otherwise (a proxy's page, an empty
 * body) the status decides: too large, not an image, or 'Upload failed'. A 429's wait is in
 * `details.retry_after_seconds`, from the body or else the Retry-After header.
 */
export function uploadError(
  status: number,
  body: unknown,
  headers?: { get(name: string): string | null },
): ApiError {
  const parsed = parseApiError(status, body);
  // parseApiError's own fallback: the server said nothing we can show.
  const told = parsed.message !== `Request failed: ${status}`;
  let error = parsed;
  if (!told && status === 413) {
    error = new ApiError(status, 'PAYLOAD_TOO_LARGE', UploadMessages.tooLarge, parsed.details);
  } else if (!told && status === 415) {
    error = new ApiError(status, 'UNSUPPORTED_MEDIA_TYPE', UploadMessages.notImage, parsed.details);
  } else if (!told) {
    error = new ApiError(status, parsed.code, UploadMessages.failed, parsed.details);
  }
  if (status !== 429 || error.details?.retry_after_seconds !== undefined) return error;
  const header = headers?.get('Retry-After');
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds)) return error;
  return new ApiError(status, error.code, error.message, {
    ...error.details,
    retry_after_seconds: seconds,
  });
}

/** How long a 429 asks to wait, in ms. */
export function retryAfterMs(error: ApiError): number {
  const seconds = Number(error.details?.retry_after_seconds) || DEFAULT_RETRY_AFTER_SECONDS;
  return seconds * 1000;
}

/** Answers that say "later", not "never": the network, a limit, a busy or failing server. */
export function isTransientUploadError(error: ApiError): boolean {
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** The new expense of a 2xx answer, or null when it carries none. */
function expenseOf(body: unknown): Expense | null {
  const expense = isRecord(body) ? (body as Partial<ExpenseResponse>).expense : undefined;
  return isRecord(expense) ? expense : null;
}

/** A 2xx without an expense is a failed upload, not a success. */
const noExpenseError = (status: number) =>
  new ApiError(status, 'INVALID_RESPONSE', UploadMessages.failed);

function sendWithXhr(
  upload: ReceiptUpload,
  options: SendReceiptOptions,
  onProgress: (share: number) => void,
): Promise<Expense> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_URL);
    request.responseType = 'text';
    for (const [name, value] of Object.entries(requestHeaders(upload, options.token))) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        const expense = expenseOf(body);
        if (!expense) {
          reject(noExpenseError(request.status));
          return;
        }
        onProgress(1);
        resolve(expense);
        return;
      }
      const headers = { get: (name: string) => request.getResponseHeader(name) };
      reject(uploadError(request.status, body, headers));
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(abortedError());
    if (options.signal?.aborted) {
      reject(abortedError());
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort());
    request.send(receiptForm(upload));
  });
}

async function sendWithFetch(upload: ReceiptUpload, options: SendReceiptOptions): Promise<Expense> {
  let response: Response;
  try {
    response = await fetch(UPLOAD_URL, {
      method: 'POST',
      body: receiptForm(upload),
      headers: requestHeaders(upload, options.token),
      signal: options.signal,
    });
  } catch {
    throw options.signal?.aborted ? abortedError() : networkError();
  }
  const body = parseBody(await response.text().catch(() => ''));
  if (response.ok) {
    const expense = expenseOf(body);
    if (!expense) throw noExpenseError(response.status);
    return expense;
  }
  throw uploadError(response.status, body, response.headers);
}

/**
 * Sends one receipt and resolves with its new expense (status `processing`). Rejects with an
 * ApiError: status 0 with NETWORK_ERROR when no answer came (or ABORTED), else the server's
 * status with the spec's message (uploadError). With `onProgress` it goes by XMLHttpRequest,
 * the only API that reports upload progress; otherwise (and in the service worker, which has
 * no XHR) by fetch.
 */
export function sendReceipt(upload: ReceiptUpload, options: SendReceiptOptions): Promise<Expense> {
  const { onProgress } = options;
  if (onProgress && typeof XMLHttpRequest === 'function') {
    return sendWithXhr(upload, options, onProgress);
  }
  return sendWithFetch(upload, options);
}
