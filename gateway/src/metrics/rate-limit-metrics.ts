import client from 'prom-client';
import { sharedMetric } from '@snaptrack/nest-rmq';

const refusals = sharedMetric(
  'snaptrack_rate_limit_refusals_total',
  () =>
    new client.Counter({
      name: 'snaptrack_rate_limit_refusals_total',
      help: 'Requests the gateway refused with 429, by the edge limit that was spent',
      labelNames: ['limit'],
    }),
);

export function countRefusal(limit: string): void {
  refusals.inc({ limit });
}
