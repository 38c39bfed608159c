import { describe, expect, it } from '@jest/globals';
import { metricValue, parseMetrics } from './metrics.js';

const page = `# HELP http_request_duration_seconds HTTP requests
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_count{route="/api/parse",method="POST",status="202",service="gateway"} 2
http_request_duration_seconds_count{route="/api/parse",method="POST",status="429",service="gateway"} 1
snaptrack_odd{label="a \\"quoted\\" \\\\ value"} 1.5
process_cpu_user_seconds_total 0.25
`;

describe('parseMetrics', () => {
  it('reads names, labels and values, skipping comments', () => {
    const samples = parseMetrics(page);
    expect(samples).toHaveLength(4);
    expect(samples[0]).toEqual({
      name: 'http_request_duration_seconds_count',
      labels: { route: '/api/parse', method: 'POST', status: '202', service: 'gateway' },
      value: 2,
    });
    expect(samples[2]?.labels.label).toBe('a "quoted" \\ value');
    expect(samples[3]).toEqual({ name: 'process_cpu_user_seconds_total', labels: {}, value: 0.25 });
  });

  it('sums the samples whose labels include the ones asked for', () => {
    const samples = parseMetrics(page);
    expect(
      metricValue(samples, 'http_request_duration_seconds_count', { route: '/api/parse' }),
    ).toBe(3);
    expect(metricValue(samples, 'http_request_duration_seconds_count', { status: '202' })).toBe(2);
    expect(metricValue(samples, 'http_request_duration_seconds_count', { status: '500' })).toBe(0);
  });
});
