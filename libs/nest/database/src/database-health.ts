import type { DataSource } from 'typeorm';

/** True when the database answers a trivial query within the timeout. */
export async function isDatabaseUp(dataSource: DataSource, timeoutMs = 2_000): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      dataSource.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
