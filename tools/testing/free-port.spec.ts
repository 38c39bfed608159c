import { describe, expect, it } from '@jest/globals';

describe('freePort', () => {
  it('hands out only ports of its lane, never the same one twice', async () => {
    process.env.SNAPTRACK_PORT_LANE = '2/3';
    const { freePort } = await import('./free-port.mjs');
    const ports: number[] = [];
    for (let i = 0; i < 12; i += 1) ports.push(await freePort());
    expect(ports.every((port) => port % 3 === 1)).toBe(true);
    expect(new Set(ports).size).toBe(ports.length);
  });
});
