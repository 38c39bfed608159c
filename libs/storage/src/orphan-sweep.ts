import type { ObjectStorage } from './object-storage.js';

export interface OrphanSweepOptions {
  /** The folder to walk, ending in `/`. */
  prefix: string;
  /** Objects modified after this are left alone: their row may not be committed yet. */
  olderThan: Date;
  /** Of the given keys, those a row of the caller still points to. */
  referenced: (keys: string[]) => Promise<ReadonlySet<string>>;
  /** Keys asked about at once. */
  batchSize?: number;
}

/**
 * Deletes the objects under a prefix that are older than the grace and that no row points to.
 * Returns how many were deleted. The caller's rows decide; this only lists, asks and deletes.
 */
export async function sweepOrphans(
  storage: ObjectStorage,
  options: OrphanSweepOptions,
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    const keep = await options.referenced(batch);
    for (const key of batch) {
      if (keep.has(key)) continue;
      await storage.delete(key);
      deleted += 1;
    }
    batch = [];
  };
  for await (const object of storage.list(options.prefix)) {
    if (object.lastModified >= options.olderThan) continue;
    batch.push(object.key);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length) await flush();
  return deleted;
}
