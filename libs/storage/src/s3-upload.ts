import type { Client } from 'minio';
import type { Readable } from 'node:stream';
import { contentTypeForKey } from './content-type.js';
import { ObjectDigest } from './object-digest.js';
import { ObjectSizeMismatchError } from './object-storage.errors.js';
import type { PutObjectMeta, PutObjectResult } from './object-storage.js';

// S3's smallest allowed part. Memory per upload stays near two parts (one being sent, one
// filling up) whatever the object size; S3's 10,000-part limit caps an object at ~50 GB.
export const PART_SIZE = 5 * 1024 * 1024;

/**
 * Streams one object into a bucket. minio's own `putObject(stream)` is not used for this:
 * with an unknown size it first lists in-progress uploads (s3rver rejects that, and on real
 * S3 it resumes a stale upload of the same key) and, when the source stream fails mid-way,
 * its promise never settles. Here an object below one part goes up in a single PUT; a larger
 * one as a multipart upload that is only completed once every byte arrived and matched.
 */
export async function uploadObject(
  client: Client,
  bucket: string,
  key: string,
  stream: Readable,
  meta: PutObjectMeta,
): Promise<PutObjectResult> {
  const digest = new ObjectDigest();
  const headers = { 'Content-Type': meta.contentType ?? contentTypeForKey(key) };
  const etags: { part: number; etag: string }[] = [];
  let uploadId: string | undefined;
  try {
    // Holding one part back tells us, when the stream ends, whether it was the only one.
    let pending: Buffer | undefined;
    for await (const part of inParts(digest.measure(stream), PART_SIZE)) {
      if (pending !== undefined) {
        uploadId ??= await client.initiateNewMultipartUpload(bucket, key, headers);
        etags.push(await sendPart(client, bucket, key, uploadId, etags.length + 1, pending));
      }
      pending = part;
    }
    if (meta.size !== undefined && meta.size !== digest.size) {
      throw new ObjectSizeMismatchError(key, meta.size, digest.size);
    }
    const last = pending ?? Buffer.alloc(0);
    if (uploadId === undefined) {
      await client.putObject(bucket, key, last, last.length, headers);
    } else {
      etags.push(await sendPart(client, bucket, key, uploadId, etags.length + 1, last));
      await client.completeMultipartUpload(bucket, key, uploadId, etags);
    }
  } catch (error) {
    stream.destroy();
    // An uncompleted multipart upload never shows as an object. Aborting frees its parts; it is
    // best effort (s3rver lacks it), so a bucket lifecycle rule should sweep what is left.
    if (uploadId !== undefined) {
      await client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    }
    throw error;
  }
  return { key, size: digest.size, sha256: digest.sha256() };
}

async function sendPart(
  client: Client,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  body: Buffer,
): Promise<{ part: number; etag: string }> {
  const { etag } = await client.uploadPart(
    { bucketName: bucket, objectName: key, uploadID: uploadId, partNumber, headers: {} },
    body,
  );
  return { part: partNumber, etag };
}

/** Regroups a byte stream into parts of exactly `size` bytes; only the last may be shorter. */
async function* inParts(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    chunks.push(chunk);
    length += chunk.length;
    if (length < size) continue;
    // One copy per fill, then slices: a huge incoming chunk is not re-copied per part.
    const joined = Buffer.concat(chunks, length);
    let offset = 0;
    for (; joined.length - offset >= size; offset += size) {
      yield joined.subarray(offset, offset + size);
    }
    chunks = offset < joined.length ? [joined.subarray(offset)] : [];
    length = joined.length - offset;
  }
  if (length > 0) yield Buffer.concat(chunks, length);
}
