import { describe, expect, it } from '@jest/globals';
import { tracingEnv } from './tracing-env.js';

const parse = (env: Record<string, string>) => tracingEnv.safeParse(env);

describe('tracingEnv', () => {
  it('records every trace unless told otherwise; compose passes an unset ratio on as empty', () => {
    expect(parse({}).data?.OTEL_TRACES_SAMPLER_ARG).toBe(1);
    expect(parse({ OTEL_TRACES_SAMPLER_ARG: '' }).data?.OTEL_TRACES_SAMPLER_ARG).toBe(1);
    expect(parse({ OTEL_TRACES_SAMPLER_ARG: '0.1' }).data?.OTEL_TRACES_SAMPLER_ARG).toBe(0.1);
  });

  it.each(['2', '-0.5', 'ten'])('refuses the ratio %s', (value) => {
    const result = parse({ OTEL_TRACES_SAMPLER_ARG: value });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'must be a number from 0 to 1',
    ]);
  });

  it('refuses another sampler than the one it runs, instead of ignoring it', () => {
    expect(parse({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' }).success).toBe(true);
    expect(parse({ OTEL_TRACES_SAMPLER: 'always_off' }).error?.issues[0]?.message).toBe(
      'only parentbased_traceidratio: set the share with OTEL_TRACES_SAMPLER_ARG',
    );
  });
});
