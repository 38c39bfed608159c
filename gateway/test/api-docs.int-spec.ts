import { afterAll, describe, expect, it } from '@jest/globals';
import { stack } from '@snaptrack/testing';

// Swagger UI maps every route for whoever asks: served on development and test stacks, and in
// production only when API_DOCS=true.
async function docs(): Promise<number> {
  return (await fetch(`${stack.baseUrl}/api/docs`)).status;
}

afterAll(async () => {
  await stack.restart('gateway');
});

describe('/api/docs', () => {
  it('is served outside production by default', async () => {
    expect(await docs()).toBe(200);
  });

  // Which environment serves it is decided by servesApiDocs (config/env.spec.ts); here, that a
  // production gateway takes the decision.
  it('is off in production by default', async () => {
    await stack.restart('gateway', { NODE_ENV: 'production' });
    expect(await docs()).toBe(404);
    expect((await fetch(`${stack.baseUrl}/api/docs-json`)).status).toBe(404);
  });
});
