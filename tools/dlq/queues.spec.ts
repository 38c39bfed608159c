import { describe, expect, it } from '@jest/globals';
import * as contracts from '@snaptrack/contracts';
import { deadLetterQueueName, workQueueName } from '@snaptrack/nest-rmq';
import { deadLetterQueues, LANES, selectQueues } from './queues.mjs';

/** Every pattern string in the contracts' `…Patterns` objects (nested one level at most). */
function allPatterns(): string[] {
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];
  return Object.entries(contracts)
    .filter(([name]) => name.endsWith('Patterns'))
    .flatMap(([, value]) => strings(value));
}

describe('dead-letter queue names', () => {
  it('are the ones libs/nest/rmq declares, for every service and lane', () => {
    const expected = contracts.ServiceNames.flatMap((service) =>
      [undefined, ...((LANES as Record<string, string[]>)[service] ?? [])].map((lane) => ({
        name: deadLetterQueueName('p', service, lane),
        workQueue: workQueueName('p', service, lane),
      })),
    );
    expect(deadLetterQueues('p')).toEqual(expected);
  });

  it('know every lane the contracts route a pattern to', () => {
    const patterns = allPatterns();
    expect(patterns).toContain(contracts.AuthPatterns.tokenVersion);
    for (const pattern of patterns) {
      const lane = contracts.laneOf(pattern);
      if (lane) {
        const owner = contracts.ownerOf(pattern);
        expect((LANES as Record<string, string[]>)[owner]).toContain(lane);
      }
    }
  });

  it('select one DLQ by short name, work queue or full name', () => {
    for (const selector of ['auth.session', 'p.auth.session', 'p.auth.session.dlq']) {
      expect(selectQueues('p', selector).map((queue) => queue.name)).toEqual([
        'p.auth.session.dlq',
      ]);
    }
    expect(selectQueues('p', 'nope')).toEqual([]);
    expect(selectQueues('p', undefined)).toHaveLength(deadLetterQueues('p').length);
  });
});
