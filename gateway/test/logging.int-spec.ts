import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DemoAccount } from '@snaptrack/contracts';
import { api } from '@snaptrack/testing';

async function gatewayLogLines(): Promise<Record<string, unknown>[]> {
  const file = path.join(process.env.SNAPTRACK_LOG_DIR ?? '', 'gateway.log');
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('gateway logs', () => {
  it('are JSON lines carrying the request id, and never the password or the token', async () => {
    const requestId = `logcheck-${Date.now()}`;
    const secret = `never-log-this-${Date.now()}`;
    await api('/api/auth/login', {
      body: { email: DemoAccount.email, password: secret },
      headers: { 'x-request-id': requestId },
    });
    const login = await api('/api/auth/login', {
      body: { email: DemoAccount.email, password: DemoAccount.password },
    });
    await api('/api/user/profile', {
      token: login.body.token as string,
      headers: { 'x-request-id': `${requestId}-2` },
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the log stream flush
    const lines = await gatewayLogLines();
    const tagged = lines.filter(
      (line) =>
        line.requestId === requestId || (line.req as { id?: string } | undefined)?.id === requestId,
    );
    expect(tagged.length).toBeGreaterThan(0);
    expect(
      tagged.some((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 401),
    ).toBe(true);
    const all = JSON.stringify(lines);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(login.body.token as string);
  });
});
