import { describe, expect, it } from '@jest/globals';

describe('freePort', () => {
  it('hands out only ports of its lane, never the same one twice', async () => {
    // Lane 1 of 2 takes even ports, which Linux never offers for bind(0) while odd ones are free.
    process.env.SNAPTRACK_PORT_LANE = '1/2';
    const { freePort } = await import('./free-port.mjs');
    const ports: number[] = [];
    for (let i = 0; i < 12; i += 1) ports.push(await freePort());
    expect(ports.every((port) => port % 2 === 0)).toBe(true);
    expect(new Set(ports).size).toBe(ports.length);
  });
});
