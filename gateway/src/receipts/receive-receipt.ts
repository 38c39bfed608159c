import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import busboy from 'busboy';
import {
  ReceiptUploadForm,
  ReceiptUploadLimits,
  UploadMessages,
  type ReceiptContentType,
} from '@snaptrack/contracts';
import {
  contentTypeOf,
  detectImageType,
  extensionOf,
  type ObjectStorage,
} from '@snaptrack/storage';
import { ApiError } from '../common/api-error.js';
import { declaredPixels, HEADER_BYTES } from './image-header.js';

/** A receipt file that is now in object storage, with the form's other field. */
export interface ReceivedReceipt {
  entity: string | undefined;
  storageKey: string;
  contentType: ReceiptContentType;
  sha256: string;
  size: number;
}

class TooLarge extends Error {}
class NotAnImage extends Error {}
class TooManyPixels extends Error {}

/**
 * Reads `multipart/form-data` with an `image` file and an `entity` field (the names in
 * ReceiptUploadForm, which the SPA's upload client sends too), streaming the file into object
 * storage as it arrives (never whole in memory). The type comes from the first bytes, not from
 * the name or the part's header, and an image whose header declares more pixels than the cap (a
 * decompression bomb) is refused before anything is stored; more than the size limit aborts the
 * write, so nothing half-written is left behind.
 */
export function receiveReceipt(
  req: Request,
  storage: ObjectStorage,
  userId: string,
): Promise<ReceivedReceipt> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new ApiError('VALIDATION_FAILED', UploadMessages.notImage));
  }
  return new Promise<ReceivedReceipt>((resolve, reject) => {
    let entity: string | undefined;
    let stored: Promise<Omit<ReceivedReceipt, 'entity'>> | undefined;
    let failed = false;
    const parser = busboy({
      headers: req.headers,
      limits: { fileSize: ReceiptUploadLimits.maxBytes, files: 1, fields: 10, fieldSize: 4096 },
    });
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(toApiError(error));
    };

    parser.on('field', (name, value) => {
      if (name === ReceiptUploadForm.entityField) entity = value;
    });
    parser.on('file', (name, file) => {
      if (name !== ReceiptUploadForm.fileField || stored) {
        file.resume();
        return;
      }
      stored = storeFile(file, storage, userId);
      // Keep the promise observed: its failure is reported when the form ends.
      stored.catch(() => undefined);
    });
    parser.on('error', fail);
    parser.on('close', () => {
      if (failed) return;
      if (!stored) {
        fail(new NotAnImage());
        return;
      }
      stored.then((file) => resolve({ entity, ...file }), fail);
    });
    req.on('aborted', () => fail(new Error('client aborted the upload')));
    req.pipe(parser);
  });
}

async function storeFile(
  file: Readable & { truncated?: boolean },
  storage: ObjectStorage,
  userId: string,
): Promise<Omit<ReceivedReceipt, 'entity'>> {
  const head = await readHead(file, HEADER_BYTES);
  const type = detectImageType(head.bytes);
  if (!type) {
    file.resume();
    throw new NotAnImage();
  }
  const pixels = declaredPixels(head.bytes, type);
  if (pixels !== null && pixels > ReceiptUploadLimits.maxPixels) {
    file.resume();
    throw new TooManyPixels();
  }
  const storageKey = `receipts/${userId}/${randomUUID()}.${extensionOf(type)}`;
  const contentType = contentTypeOf(type) as ReceiptContentType;
  const body = Readable.from(
    (async function* () {
      yield head.bytes;
      if (!head.ended) {
        for await (const chunk of file) yield chunk as Buffer;
      }
      // busboy stops at the limit and marks the part truncated: refuse rather than keep a part.
      if (file.truncated) throw new TooLarge();
    })(),
  );
  const result = await storage.put(storageKey, body, { contentType });
  return { storageKey, contentType, sha256: result.sha256, size: result.size };
}

/** The first `bytes` of a stream (fewer if it ends), leaving the rest unread. */
async function readHead(
  stream: Readable & { truncated?: boolean },
  bytes: number,
): Promise<{ bytes: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  return new Promise((resolve, reject) => {
    const done = (ended: boolean) => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', reject);
      resolve({ bytes: Buffer.concat(chunks), ended });
    };
    const onEnd = () => done(true);
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < bytes && (chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= bytes) done(false);
    };
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', reject);
  });
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof TooLarge) return new ApiError('PAYLOAD_TOO_LARGE', UploadMessages.tooLarge);
  if (error instanceof NotAnImage)
    return new ApiError('VALIDATION_FAILED', UploadMessages.notImage);
  if (error instanceof TooManyPixels)
    return new ApiError('VALIDATION_FAILED', UploadMessages.tooManyPixels);
  return new ApiError('SERVICE_UNAVAILABLE', UploadMessages.failed);
}
