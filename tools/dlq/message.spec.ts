import { describe, expect, it } from '@jest/globals';
import { describe as describeMessage, fullView, maskSecrets, messageIdOf } from './message.mjs';

const dlq = { name: 'p.auth.dlq', workQueue: 'p.auth' };
const death = (time: number, count = 1) => ({
  reason: 'rejected',
  count,
  queue: 'p.auth',
  exchange: '',
  time: { '!': 'timestamp', value: time },
});
const deadLetter = (properties: Record<string, unknown>, body: unknown) => ({
  content: Buffer.from(JSON.stringify(body)),
  properties: { headers: {}, ...properties },
});
const event = {
  pattern: 'billing.subscription.changed.v1',
  data: { ctx: { requestId: 'req-1', messageId: 'm-1' }, data: { userId: 'u' } },
};

describe('a dead letter', () => {
  it('is named by its AMQP message id when it has one', () => {
    expect(messageIdOf(deadLetter({ messageId: 'm-1' }, event) as never)).toBe('m-1');
  });

  it('otherwise by a hash of its body and first death, the same on every read', () => {
    const first = deadLetter({ headers: { 'x-death': [death(1_700_000_000)] } }, event);
    const again = deadLetter({ headers: { 'x-death': [death(1_700_000_000, 2)] } }, event);
    const other = deadLetter({ headers: { 'x-death': [death(1_700_000_001)] } }, event);
    expect(messageIdOf(first as never)).toMatch(/^h[0-9a-f]{15}$/);
    expect(messageIdOf(again as never)).toBe(messageIdOf(first));
    expect(messageIdOf(other as never)).not.toBe(messageIdOf(first));
  });

  it('says what, when, where and why from x-death', () => {
    const message = deadLetter(
      { messageId: 'm-1', headers: { 'x-death': [death(1_700_000_000, 5)] } },
      event,
    );
    expect(describeMessage(message as never, dlq)).toEqual({
      id: 'm-1',
      dlq: 'p.auth.dlq',
      pattern: 'billing.subscription.changed.v1',
      requestId: 'req-1',
      kind: 'event',
      reason: 'rejected',
      deaths: 5,
      diedAt: '2023-11-14T22:13:20.000Z',
      originalQueue: 'p.auth',
      handedBack: 0,
    });
  });

  it('is a request when someone waited for its answer', () => {
    const message = deadLetter({ replyTo: 'amq.rabbitmq.reply-to.x' }, { pattern: 'auth.x.v1' });
    expect(describeMessage(message as never, dlq)).toMatchObject({
      kind: 'request',
      reason: 'unknown',
      originalQueue: 'p.auth',
    });
  });

  it('survives a body that is not JSON', () => {
    const message = { content: Buffer.from('\u0000garbage'), properties: { headers: {} } };
    expect(describeMessage(message as never, dlq).pattern).toBe('(unreadable)');
    expect(fullView(message as never, dlq).body).toBe('(not JSON, 8 bytes)');
  });
});

describe('maskSecrets', () => {
  it('masks tokens, passwords, codes and secrets wherever they sit, and nothing else', () => {
    const masked = maskSecrets({
      pattern: 'auth.password.reset.confirm.v1',
      data: {
        ctx: { requestId: 'r', userId: 'u' },
        data: {
          oobCode: 'abc',
          password: 'hunter2',
          token: 't',
          nested: [{ refreshToken: 'r1', clientSecret: 's', code: '123456' }],
          email: 'a@example.com',
          amount: 12,
          currency: 'EUR',
          link: 'https://app/setup?token=tok123&lang=en',
          resetLink: 'https://app/reset?oobCode=code123',
        },
      },
    });
    const text = JSON.stringify(masked);
    for (const secret of ['abc', 'hunter2', '"t"', 'r1', '"s"', '123456', 'tok123', 'code123']) {
      expect(text).not.toContain(secret);
    }
    expect(masked.data.data).toMatchObject({
      email: 'a@example.com',
      amount: 12,
      currency: 'EUR',
      link: 'https://app/setup?token=***&lang=en',
    });
    expect(masked.data.ctx).toEqual({ requestId: 'r', userId: 'u' });
  });
});
