import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeLeaks, ISSUED_SECRETS_FILE, scanRunLogs } from './secret-scan.mjs';

describe('scanRunLogs', () => {
  let runDir: string;
  const leaked = 'oobCode-that-leaked-0123456789';
  const kept = 'setup-token-never-logged-98765';

  beforeAll(async () => {
    runDir = await mkdtemp(path.join(tmpdir(), 'secret-scan-'));
    await mkdir(path.join(runDir, 'log'));
    await writeFile(
      path.join(runDir, ISSUED_SECRETS_FILE),
      [
        JSON.stringify({ kind: 'mail password-reset: oobCode', value: leaked }),
        JSON.stringify({ kind: 'mail setup-password: token', value: kept }),
        JSON.stringify({ kind: 'repeated', value: leaked }),
      ].join('\n'),
    );
    await writeFile(
      path.join(runDir, 'log', 'auth.log'),
      `{"msg":"started"}\n{"msg":"mail written","link":"http://x/login?oobCode=${leaked}"}\n`,
    );
    await writeFile(path.join(runDir, 'log', 'gateway.log'), '{"msg":"clean"}\n');
  });

  afterAll(async () => {
    await rm(runDir, { recursive: true, force: true });
  });

  it('names the file, line and kind of every secret found, never the secret itself', () => {
    const leaks = scanRunLogs(runDir);
    expect(leaks).toEqual([
      {
        file: path.join(runDir, 'log', 'auth.log'),
        line: 2,
        kind: 'mail password-reset: oobCode',
        masked: 'oobC…(30 characters)',
      },
    ]);
    expect(describeLeaks(leaks)).not.toContain(leaked);
  });

  it('finds nothing in a run without a ledger', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'secret-scan-'));
    expect(scanRunLogs(empty)).toEqual([]);
    await rm(empty, { recursive: true, force: true });
  });
});
