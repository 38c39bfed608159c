import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FsObjectStorage } from './fs-object-storage.js';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectSizeMismatchError,
} from './object-storage.errors.js';
import type { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3-object-storage.js';

// s3rver ships no types and is CommonJS; this is the slice of it the tests use.
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  /** Set by `run()`. */
  httpServer?: Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => S3rver;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const MiB = 1024 * 1024;
// Big enough to need three S3 parts, so the multipart path is covered too.
const LARGE = 12 * MiB + 12_345;

/** Streams `data` in odd-sized chunks so part and chunk boundaries never line up. */
function streamOf(data: Buffer, chunkSize = 65_521): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += chunkSize) {
        yield data.subarray(offset, offset + chunkSize);
      }
    })(),
  );
}

/** Delivers `bytesFirst` bytes, then fails like a client that hung up mid-upload. */
function failingStream(bytesFirst: number): Readable {
  return Readable.from(
    (async function* () {
      yield randomBytes(bytesFirst);
      await Promise.resolve();
      throw new Error('client went away');
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function newKey(extension = 'jpg'): string {
  return `receipts/${randomUUID()}/${randomUUID()}.${extension}`;
}

const INVALID_KEYS = [
  '',
  '/receipts/u1/a.jpg',
  'receipts/../secrets.txt',
  '..',
  'receipts/./a.jpg',
  'receipts\\u1\\a.jpg',
  'receipts//a.jpg',
  'receipts/u1/',
  'receipts/u1/a.jpg.meta.json',
  'receipts/u1/a\u0000.jpg',
];

/**
 * The behaviour every ObjectStorage driver owes its callers. `factory` returns a fresh,
 * empty and reachable store for each test.
 */
function describeObjectStorageContract(name: string, factory: () => Promise<ObjectStorage>): void {
  describe(`${name} (ObjectStorage contract)`, () => {
    let storage: ObjectStorage;

    beforeEach(async () => {
      storage = await factory();
    });

    it('round-trips a multi-MB stream of unknown size with its size and sha256', async () => {
      const data = randomBytes(LARGE);
      const key = newKey();

      const result = await storage.put(key, streamOf(data));

      expect(result).toEqual({ key, size: LARGE, sha256: sha256(data) });
      expect(sha256(await readAll(await storage.get(key)))).toBe(sha256(data));
      expect(await storage.stat(key)).toMatchObject({ size: LARGE, contentType: 'image/jpeg' });
    });

    it('stores an object below one part, with declared size and content type', async () => {
      const data = randomBytes(300_000);
      const key = newKey('bin');
      const before = Date.now();

      await storage.put(key, streamOf(data), { size: data.length, contentType: 'application/pdf' });

      const stat = await storage.stat(key);
      expect(stat.size).toBe(data.length);
      expect(stat.contentType).toBe('application/pdf');
      // s3 reports whole seconds, so allow a second either side.
      expect(stat.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(stat.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(sha256(await readAll(await storage.get(key)))).toBe(sha256(data));
    });

    it('derives the content type from the key when none is given', async () => {
      const key = newKey('jpg');
      await storage.put(key, streamOf(Buffer.from('jpeg bytes')));

      expect((await storage.stat(key)).contentType).toBe('image/jpeg');
    });

    it('stores an empty object', async () => {
      const key = newKey('txt');

      const result = await storage.put(key, Readable.from([]));

      expect(result).toEqual({ key, size: 0, sha256: sha256(Buffer.alloc(0)) });
      expect((await storage.stat(key)).size).toBe(0);
      expect((await readAll(await storage.get(key))).length).toBe(0);
    });

    it('replaces an object on a second put, without keeping its old content type', async () => {
      const key = newKey('bin');
      await storage.put(key, streamOf(Buffer.from('first')), { contentType: 'text/csv' });

      await storage.put(key, streamOf(Buffer.from('second')));

      expect((await readAll(await storage.get(key))).toString()).toBe('second');
      expect((await storage.stat(key)).contentType).toBe('application/octet-stream');
    });

    it('reports existence and deletes idempotently', async () => {
      const key = newKey();
      expect(await storage.exists(key)).toBe(false);

      await storage.put(key, streamOf(Buffer.from('receipt')));
      expect(await storage.exists(key)).toBe(true);

      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete(newKey())).resolves.toBeUndefined();
    });

    it('rejects get and stat of a missing key with ObjectNotFoundError', async () => {
      const key = newKey();

      await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.stat(key)).rejects.toMatchObject({ key });
    });

    it.each(INVALID_KEYS)('refuses the key %j in every operation', async (key) => {
      await expect(storage.put(key, streamOf(Buffer.from('x')))).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });

    it('keeps concurrent puts to different keys apart', async () => {
      const uploads = Array.from({ length: 6 }, (_, index) => ({
        key: `receipts/u1/${randomUUID()}.jpg`,
        data: randomBytes(MiB + index * 100_000),
      }));

      const results = await Promise.all(
        uploads.map(({ key, data }) => storage.put(key, streamOf(data))),
      );

      expect(results.map((result) => result.sha256)).toEqual(
        uploads.map(({ data }) => sha256(data)),
      );
      for (const { key, data } of uploads) {
        expect(sha256(await readAll(await storage.get(key)))).toBe(sha256(data));
      }
    });

    it.each([
      ['before the first part is full', 100_000],
      ['after several parts', LARGE],
    ])('leaves no object behind when the input stream fails %s', async (_when, bytesFirst) => {
      const key = newKey();

      await expect(storage.put(key, failingStream(bytesFirst))).rejects.toThrow('client went away');

      expect(await storage.exists(key)).toBe(false);
    });

    it('keeps the previous object when an overwrite fails', async () => {
      const key = newKey();
      await storage.put(key, streamOf(Buffer.from('original')));

      await expect(storage.put(key, failingStream(1000))).rejects.toThrow('client went away');

      expect((await readAll(await storage.get(key))).toString()).toBe('original');
    });

    it('refuses a stream whose length differs from the declared size, storing nothing', async () => {
      const key = newKey();

      await expect(
        storage.put(key, streamOf(randomBytes(1000)), { size: 1001 }),
      ).rejects.toBeInstanceOf(ObjectSizeMismatchError);

      expect(await storage.exists(key)).toBe(false);
    });

    it('lists every object under a folder, nested ones too, with size and time', async () => {
      const user = randomUUID();
      const keys = [`receipts/${user}/a.jpg`, `receipts/${user}/b.txt`, `receipts/${user}/x/c.pdf`];
      const before = Date.now();
      for (const key of keys) {
        await storage.put(key, streamOf(Buffer.from(key)), { contentType: 'application/pdf' });
      }
      await storage.put(`mail/${user}/other.eml`, streamOf(Buffer.from('mail')));

      const listed = [];
      for await (const item of storage.list('receipts/')) listed.push(item);

      expect(listed.map((item) => item.key).sort()).toEqual(keys);
      for (const item of listed) {
        expect(item.size).toBe(Buffer.byteLength(item.key));
        expect(item.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(item.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      }
    });

    it('lists nothing under a folder that holds no objects', async () => {
      const listed = [];
      for await (const item of storage.list(`receipts/${randomUUID()}/`)) listed.push(item);

      expect(listed).toEqual([]);
    });

    it.each(['receipts', '/receipts/', 'receipts/../', ''])(
      'refuses the listing prefix %j',
      async (prefix) => {
        const listing = async () => {
          for await (const item of storage.list(prefix)) void item;
        };
        await expect(listing()).rejects.toBeInstanceOf(InvalidObjectKeyError);
      },
    );

    it('answers ping when reachable', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
    });
  });
}

describe('FsObjectStorage in a temp folder', () => {
  let base: string;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'snaptrack-fs-storage-'));
  });

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  describeObjectStorageContract('FsObjectStorage', () =>
    Promise.resolve(new FsObjectStorage({ root: join(base, randomUUID()) })),
  );
});

describe('S3ObjectStorage on s3rver', () => {
  let server: S3rver;
  let directory: string;
  let port: number;

  const storageFor = (bucket: string, serverPort = port): S3ObjectStorage =>
    new S3ObjectStorage({
      endPoint: '127.0.0.1',
      port: serverPort,
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      bucket,
    });

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'snaptrack-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    ({ port } = await server.run());
    // s3rver stands in for MinIO, which keeps an idle connection open far longer than Node's
    // 5 s: on a loaded machine the client reused a connection just as s3rver closed it (read
    // ECONNRESET in a fresh-clone run).
    server.httpServer!.keepAliveTimeout = 120_000;
  });

  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  // A bucket per test keeps tests independent without cleaning up between them.
  describeObjectStorageContract('S3ObjectStorage', async () => {
    const storage = storageFor(`contract-${randomUUID()}`);
    await storage.ensureBucket();
    return storage;
  });

  it('ensureBucket creates a missing bucket and can run again', async () => {
    const storage = storageFor(`provision-${randomUUID()}`);
    await expect(storage.ping()).rejects.toThrow(/does not exist/);

    await storage.ensureBucket();
    await storage.ensureBucket();

    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('pings by listing its own folder when given one, and names a missing bucket', async () => {
    const bucket = `ping-${randomUUID()}`;
    const storage = new S3ObjectStorage({
      endPoint: '127.0.0.1',
      port,
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      bucket,
      pingPrefix: 'mail/',
    });
    await expect(storage.ping()).rejects.toThrow(`Bucket ${bucket} does not exist`);

    await storage.ensureBucket();
    await expect(storage.ping()).resolves.toBeUndefined();
    await storage.put('mail/2026/11/29/a.eml', Readable.from([Buffer.from('raw')]));
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('refuses a ping folder that is not one', () => {
    const options = { endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER' };
    expect(
      () =>
        new S3ObjectStorage({ ...options, secretKey: 'S3RVER', bucket: 'b', pingPrefix: 'mail' }),
    ).toThrow(InvalidObjectKeyError);
  });

  it('ping rejects when nothing listens at the endpoint', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });

    await expect(storageFor('anything', closedPort).ping()).rejects.toThrow();
  });
});
