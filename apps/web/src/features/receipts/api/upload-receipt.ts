import { NETWORK_ERROR_MESSAGE, parseApiError, ApiError } from '@/lib/api-client';
import { getToken } from '@/lib/session-store';
import type { Expense, ExpenseResponse } from '@snaptrack/contracts/core';

/** The call's options: the multipart fields (`image`, `entity`) and how to follow the bytes. */
export type UploadReceiptOptions = {
  blob: Blob;
  filename: string;
  entity: string;
  /** Same key for a retry of the same file: the server answers with the first upload. */
  idempotencyKey: string;
  /** 0 to 1 as the bytes leave. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/parse with `image` and `entity`. XMLHttpRequest rather than fetch: only it reports
 * upload progress. Resolves with the new expense (status `processing`).
 */
export function uploadReceipt(input: UploadReceiptOptions): Promise<Expense> {
  return new Promise((resolve, reject) => {
    const token = getToken();
    const form = new FormData();
    // The entity first, so the server can refuse a missing one before the file arrives.
    form.append('entity', input.entity);
    form.append('image', input.blob, input.filename);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/parse');
    request.responseType = 'text';
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Idempotency-Key', input.idempotencyKey);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: keep the text
      }
      if (request.status >= 200 && request.status < 300) {
        input.onProgress?.(1);
        resolve((body as ExpenseResponse).expense);
      } else {
        reject(parseApiError(request.status, body));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    request.onabort = () => reject(new ApiError(0, 'ABORTED', 'Upload cancelled'));
    input.signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}
