import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import {
  access,
  constants,
  mkdir,
  open,
  opendir,
  readFile,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeForKey } from './content-type.js';
import { assertValidObjectKey, assertValidPrefix, SIDECAR_SUFFIX } from './object-key.js';
import { ObjectDigest } from './object-digest.js';
import { ObjectNotFoundError, ObjectSizeMismatchError } from './object-storage.errors.js';
import type {
  ListedObject,
  ObjectStat,
  ObjectStorage,
  PutObjectMeta,
  PutObjectResult,
} from './object-storage.js';

export interface FsObjectStorageOptions {
  /** Folder holding the objects; created on demand. */
  root: string;
}

/** Shape of `<object>.meta.json`, written only when the caller gave a content type. */
interface Sidecar {
  contentType: string;
}

/** Objects as plain files under a root folder: the local default driver. */
export class FsObjectStorage implements ObjectStorage {
  private readonly root: string;

  constructor(options: FsObjectStorageOptions) {
    this.root = resolve(options.root);
  }

  async put(key: string, stream: Readable, meta: PutObjectMeta = {}): Promise<PutObjectResult> {
    const path = this.pathOf(key);
    const temp = tempPathFor(path);
    const digest = new ObjectDigest();
    let file: WriteStream | undefined;
    try {
      await mkdir(dirname(path), { recursive: true });
      file = createWriteStream(temp);
      await pipeline(stream, (source) => digest.measure(source), file);
      if (meta.size !== undefined && meta.size !== digest.size) {
        throw new ObjectSizeMismatchError(key, meta.size, digest.size);
      }
      // Sidecar first: once the object is visible its content type is already right.
      await writeSidecar(path, meta.contentType);
      // Same folder, so rename is atomic: readers see the old object or the whole new one.
      await rename(temp, path);
    } catch (error) {
      stream.destroy();
      // A source that fails at once can beat the temp file's open: wait for it to be closed,
      // or the unlink below runs first and the file appears after it.
      if (file && !file.closed) await closed(file.destroy());
      await unlinkIfPresent(temp);
      throw error;
    }
    return { key, size: digest.size, sha256: digest.sha256() };
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    // Open before returning so a missing object rejects here, not later on the stream.
    const handle = await open(path, 'r').catch((error: unknown) => rethrowMissing(error, key));
    try {
      if (!(await handle.stat()).isFile()) throw new ObjectNotFoundError(key);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream();
  }

  async stat(key: string): Promise<ObjectStat> {
    const path = this.pathOf(key);
    const info = await stat(path).catch((error: unknown) => rethrowMissing(error, key));
    if (!info.isFile()) throw new ObjectNotFoundError(key);
    const contentType = (await readSidecar(path))?.contentType ?? contentTypeForKey(key);
    return { size: info.size, contentType, lastModified: info.mtime };
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await unlinkIfPresent(path);
    await unlinkIfPresent(path + SIDECAR_SUFFIX);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertValidPrefix(prefix);
    yield* this.walk(prefix);
  }

  /** Depth first, one folder handle open per level; sidecars and temp files are not objects. */
  private async *walk(folderKey: string): AsyncIterable<ListedObject> {
    let folder;
    try {
      folder = await opendir(join(this.root, ...folderKey.split('/').filter(Boolean)));
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of folder) {
      const key = folderKey + entry.name;
      if (entry.isDirectory()) {
        yield* this.walk(`${key}/`);
      } else if (
        entry.isFile() &&
        !entry.name.startsWith('.') &&
        !entry.name.endsWith(SIDECAR_SUFFIX)
      ) {
        const info = await stat(join(folder.path, entry.name)).catch((error: unknown) => {
          if (isMissing(error)) return undefined; // deleted since the folder was read
          throw error;
        });
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }

  async ping(): Promise<void> {
    // Creating the root here lets a fresh machine become ready without a setup step.
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  private pathOf(key: string): string {
    // A valid key has no `..`, no absolute start and no backslash, so this stays under root.
    assertValidObjectKey(key);
    return join(this.root, ...key.split('/'));
  }
}

// Dot-prefixed and unique per put: concurrent puts to one key never share a temp file.
function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
}

async function writeSidecar(path: string, contentType: string | undefined): Promise<void> {
  const sidecarPath = path + SIDECAR_SUFFIX;
  if (contentType === undefined) {
    // An overwrite without a content type must not inherit the previous object's.
    await unlinkIfPresent(sidecarPath);
    return;
  }
  const temp = tempPathFor(sidecarPath);
  const sidecar: Sidecar = { contentType };
  try {
    await writeFile(temp, JSON.stringify(sidecar));
    await rename(temp, sidecarPath);
  } catch (error) {
    await unlinkIfPresent(temp);
    throw error;
  }
}

async function readSidecar(path: string): Promise<Sidecar | undefined> {
  try {
    return JSON.parse(await readFile(path + SIDECAR_SUFFIX, 'utf8')) as Sidecar;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Resolves once the stream has closed; its error, if any, is the caller's to report. */
function closed(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

async function unlinkIfPresent(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

function rethrowMissing(error: unknown, key: string): never {
  throw isMissing(error) ? new ObjectNotFoundError(key, { cause: error }) : error;
}

// ENOTDIR: a parent segment of the key is a file, so the object cannot exist either.
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
