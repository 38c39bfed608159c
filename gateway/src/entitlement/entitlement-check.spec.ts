import { describe, expect, it } from '@jest/globals';
import type { BusClient } from '@snaptrack/nest-rmq';
import type { GatewayConfig } from '../config/env.js';
import { ApiError } from '../common/api-error.js';
import { EntitlementCheck } from './entitlement-check.js';

function check(cacheMs: number) {
  const state = { entitled: true, asked: 0 };
  const bus = {
    send: () => {
      state.asked += 1;
      return Promise.resolve({
        entitled: state.entitled,
        status: state.entitled ? 'active' : 'canceled',
        reason: state.entitled ? 'active' : 'ended',
        until: null,
      });
    },
  } as unknown as BusClient;
  const config = { ENTITLEMENT_CACHE_MS: cacheMs } as GatewayConfig;
  return { entitlement: new EntitlementCheck(config, bus), state };
}

const ctx = { requestId: 'r', userId: '00000000-0000-4000-8000-000000000001' };

describe('EntitlementCheck', () => {
  it('answers SUBSCRIPTION_REQUIRED for an account billing does not entitle', async () => {
    const { entitlement, state } = check(5_000);
    state.entitled = false;
    const refusal = await entitlement.assertEntitled(ctx).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'An active subscription is required to add receipts.',
      details: { status: 'canceled', reason: 'ended' },
    });
  });

  it('keeps a "yes" for a burst of uploads, never a "no"', async () => {
    const { entitlement, state } = check(5_000);
    state.entitled = false;
    await expect(entitlement.assertEntitled(ctx)).rejects.toThrow();
    state.entitled = true;
    await entitlement.assertEntitled(ctx);
    await entitlement.assertEntitled(ctx);
    expect(state.asked).toBe(2);
  });

  it('asks every time with a cache time of 0, and refuses a request without a user', async () => {
    const { entitlement, state } = check(0);
    await entitlement.assertEntitled(ctx);
    await entitlement.assertEntitled(ctx);
    expect(state.asked).toBe(2);
    await expect(entitlement.assertEntitled({ requestId: 'r' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
