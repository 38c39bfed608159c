import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FsObjectStorage } from './fs-object-storage.js';
import { ObjectNotFoundError } from './object-storage.errors.js';

// Driver details the shared contract cannot see; the contract itself runs in
// object-storage.contract.spec.ts.
describe('FsObjectStorage on disk', () => {
  let root: string;
  let storage: FsObjectStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'snaptrack-fs-'));
    storage = new FsObjectStorage({ root });
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores an object as a plain file at its key, creating the folders', async () => {
    await storage.put('receipts/u1/a.jpg', Readable.from([Buffer.from('bytes')]));

    expect(await readFile(join(root, 'receipts', 'u1', 'a.jpg'), 'utf8')).toBe('bytes');
    expect(await readdir(join(root, 'receipts', 'u1'))).toEqual(['a.jpg']);
  });

  it('keeps a given content type in a sidecar next to the object', async () => {
    await storage.put('receipts/u1/a.bin', Readable.from([Buffer.from('%PDF')]), {
      contentType: 'application/pdf',
    });

    const sidecar = await readFile(join(root, 'receipts', 'u1', 'a.bin.meta.json'), 'utf8');
    expect(JSON.parse(sidecar)).toEqual({ contentType: 'application/pdf' });
  });

  it('leaves no temp file behind when the input stream fails', async () => {
    await storage.put('receipts/u1/kept.jpg', Readable.from([Buffer.from('kept')]));
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024);
        await Promise.resolve();
        throw new Error('client went away');
      })(),
    );

    await expect(storage.put('receipts/u1/lost.jpg', failing)).rejects.toThrow('client went away');

    expect(await readdir(join(root, 'receipts', 'u1'))).toEqual(['kept.jpg']);
  });

  it('deletes the sidecar with the object', async () => {
    await storage.put('a.pdf', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' });

    await storage.delete('a.pdf');

    expect(await readdir(root)).toEqual([]);
  });

  it('treats a folder, or a path through a file, as a missing object', async () => {
    await mkdir(join(root, 'receipts', 'u1'), { recursive: true });
    await writeFile(join(root, 'file.jpg'), 'x');

    await expect(storage.get('receipts/u1')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.stat('receipts/u1')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.get('file.jpg/inner.jpg')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.exists('file.jpg/inner.jpg')).toBe(false);
    await expect(storage.delete('file.jpg/inner.jpg')).resolves.toBeUndefined();
  });

  it('ping creates a missing root', async () => {
    const fresh = new FsObjectStorage({ root: join(root, 'not', 'yet') });

    await fresh.ping();

    expect(await readdir(join(root, 'not'))).toEqual(['yet']);
  });

  it('ping rejects when the root cannot be a folder', async () => {
    await writeFile(join(root, 'occupied'), 'a file, not a folder');

    await expect(new FsObjectStorage({ root: join(root, 'occupied') }).ping()).rejects.toThrow();
  });
});
