import type { BusClient } from '@snaptrack/nest-rmq';
import { RecipientDirectory } from './recipient-directory.js';

/** Stands in for auth-service's answer; counts the lookups that reached it. */
function directory(owners: Record<string, string>, ttlMs = 1_000) {
  let now = 0;
  const asked: string[] = [];
  const bus = {
    send: (_pattern: string, { address }: { address: string }) => {
      asked.push(address);
      return Promise.resolve({ userId: owners[address] ?? null });
    },
  } as unknown as BusClient;
  const recipients = new RecipientDirectory(bus, ttlMs, () => now);
  return { recipients, asked, advance: (ms: number) => (now += ms) };
}

describe('RecipientDirectory', () => {
  it('asks once per address within the cache time, whatever the case', async () => {
    const { recipients, asked } = directory({ 'demo@snaptrack.localhost': 'user-1' });
    expect(await recipients.ownerOf('Demo@SnapTrack.localhost')).toBe('user-1');
    expect(await recipients.ownerOf('demo@snaptrack.localhost')).toBe('user-1');
    expect(asked).toEqual(['demo@snaptrack.localhost']);
  });

  it('remembers unknown addresses too, and asks again once the answer is old', async () => {
    const { recipients, asked, advance } = directory({});
    expect(await recipients.ownerOf('nobody@snaptrack.localhost')).toBeNull();
    expect(await recipients.ownerOf('nobody@snaptrack.localhost')).toBeNull();
    advance(1_001);
    expect(await recipients.ownerOf('nobody@snaptrack.localhost')).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('keeps nothing with a cache time of 0', async () => {
    const { recipients, asked } = directory({ 'a@snaptrack.localhost': 'user-1' }, 0);
    await recipients.ownerOf('a@snaptrack.localhost');
    await recipients.ownerOf('a@snaptrack.localhost');
    expect(asked).toHaveLength(2);
  });
});
