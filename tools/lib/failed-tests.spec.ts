import { describe, expect, it } from '@jest/globals';
import { describeFailures } from './failed-tests.mjs';

const root = '/repo';

describe('describeFailures', () => {
  it('names each failed test with its file and the start of its message, colours removed', () => {
    const report = {
      testResults: [
        {
          name: '/repo/gateway/test/auth.int-spec.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'sign-in accepts the demo', status: 'passed', failureMessages: [] },
            {
              fullName: 'sign-in refuses a wrong password',
              status: 'failed',
              failureMessages: [
                '\u001b[31mError: expect(received).toBe(expected)\u001b[39m\n\nExpected: 401\nReceived: 500\n' +
                  Array.from({ length: 20 }, (_, i) => `    at frame${i} (file.ts:${i})`).join(
                    '\n',
                  ),
              ],
            },
          ],
        },
        { name: '/repo/apps/a.int-spec.ts', status: 'passed', assertionResults: [] },
      ],
    };

    const [only, ...more] = describeFailures(report, root);

    expect(more).toEqual([]);
    const lines = only.split('\n');
    expect(lines[0]).toBe('gateway/test/auth.int-spec.ts › sign-in refuses a wrong password');
    expect(lines.slice(1, 4)).toEqual([
      '    Error: expect(received).toBe(expected)',
      '    Expected: 401',
      '    Received: 500',
    ]);
    expect(lines).toHaveLength(1 + 8);
  });

  it('names a suite that failed before any test ran', () => {
    const report = {
      testResults: [
        {
          name: '/repo/apps/b.int-spec.ts',
          status: 'failed',
          message: 'Test suite failed to run\n\nCannot find module',
          assertionResults: [],
        },
      ],
    };

    expect(describeFailures(report, root)).toEqual([
      'apps/b.int-spec.ts: the suite failed to run\n    Test suite failed to run\n    Cannot find module',
    ]);
  });

  it('says nothing of a report without failures or without results', () => {
    expect(describeFailures({ testResults: [] }, root)).toEqual([]);
    expect(describeFailures({}, root)).toEqual([]);
  });
});
