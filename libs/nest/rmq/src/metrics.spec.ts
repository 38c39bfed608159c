import { describe, expect, it } from '@jest/globals';
import { initMetrics, metricsRegistry } from './metrics.js';

describe('initMetrics', () => {
  it("collects Node's process metrics but the GC histogram nothing reads", async () => {
    initMetrics('metrics-spec');
    const names = (await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
        'nodejs_version_info',
      ]),
    );
    expect(names).not.toContain('nodejs_gc_duration_seconds');
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/^process_cpu_seconds_total\{service="metrics-spec"\} \d/m);
  });
});
