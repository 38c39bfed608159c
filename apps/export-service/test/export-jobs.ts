import { expect } from '@jest/globals';
import { api } from '@snaptrack/testing';

/**
 * Polls an export job (`pdf` or `pack`) every 250 ms until it completes or fails, at most
 * `attempts` times; returns its last status and every progress figure seen on the way.
 */
export async function waitForExportJob(
  kind: 'pdf' | 'pack',
  token: string,
  jobId: string,
  attempts: number,
) {
  const seen: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const { status, body } = await api(`/api/export/${kind}/status/${jobId}`, { token });
    expect(status).toBe(200);
    seen.push(body.progress_percent);
    if (body.status === 'completed' || body.status === 'failed') return { body, seen };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${jobId} did not finish`);
}
