import { describe, expect, it } from '@jest/globals';
import { exportedMetricNames, metricNamesInPromQL } from './promql.js';

describe('metricNamesInPromQL', () => {
  it('finds the metrics, not functions, groupings, label values, durations or variables', () => {
    const expr =
      'histogram_quantile(0.95, sum by (le, engine) (rate(snaptrack_ocr_job_duration_seconds_bucket{service=~"$service",outcome="ready"}[$__rate_interval]))) > 10' +
      ' and on (service) (up{job="snaptrack"} == 0 unless snaptrack_outbox_oldest_age_seconds offset 1h)';
    expect(metricNamesInPromQL(expr).sort()).toEqual([
      'snaptrack_ocr_job_duration_seconds_bucket',
      'snaptrack_outbox_oldest_age_seconds',
      'up',
    ]);
  });

  it('reads a bare selector and ignores numbers with exponents', () => {
    expect(metricNamesInPromQL('sum(http_requests_in_flight) * 1e3')).toEqual([
      'http_requests_in_flight',
    ]);
  });
});

describe('exportedMetricNames', () => {
  it('takes declared families (with histogram suffixes) and sample names', () => {
    const names = exportedMetricNames(
      [
        '# HELP a_seconds A.',
        '# TYPE a_seconds histogram',
        '# TYPE b_total counter',
        'c_bytes{service="x"} 12',
      ].join('\n'),
    );
    expect([...names].sort()).toEqual([
      'a_seconds',
      'a_seconds_bucket',
      'a_seconds_count',
      'a_seconds_sum',
      'b_total',
      'c_bytes',
    ]);
  });
});
