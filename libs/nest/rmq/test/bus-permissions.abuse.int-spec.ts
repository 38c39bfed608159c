import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import { DemoAccount } from '@snaptrack/contracts';
import { createTestAccount, queueDepth, type TestAccount } from '@snaptrack/testing';
import {
  BusClient,
  busExchangeName,
  deadLetterExchangeName,
  replyExchangeName,
  replyRoutingKey,
  workQueueName,
} from '../src/index.js';

/**
 * The attacker owns the mail parser: it runs code as mail-ingest-service, with its RabbitMQ
 * user and password (the run's own, made by the test stack with rabbitmqctl). It wants a
 * session for someone else's account (`auth.session.issue.v1`, billing's to ask for) or any
 * other auth request, and tries every way AMQP offers. RabbitMQ must refuse each; the
 * patterns mail-ingest really uses must keep working.
 */
const busUrls = JSON.parse(process.env.SNAPTRACK_BUS_URLS || '{}') as Record<string, string>;
const prefix = process.env.SNAPTRACK_RMQ_PREFIX!;
const adminUrl = process.env.SNAPTRACK_RABBITMQ_URL!;
const attackerUrl = busUrls['mail-ingest'];
const attackerUser = attackerUrl ? decodeURIComponent(new URL(attackerUrl).username) : '';
const authQueue = workQueueName(prefix, 'auth');

// Without rabbitmqctl the stack runs every process as the admin user (global-setup says so).
const describeWithUsers = attackerUrl ? describe : describe.skip;
if (!attackerUrl) console.warn('bus permissions not tested: the stack has no per-process users');

const REFUSED = /403 \(ACCESS-REFUSED\)|ACCESS_REFUSED/;

interface Attacker {
  connection: ChannelModel;
  channel: ConfirmChannel;
  /** Why the broker closed the channel, if it did. */
  closed: () => string | undefined;
}

async function connectAsAttacker(url = attackerUrl): Promise<Attacker> {
  const connection = await amqp.connect(url);
  connection.on('error', () => undefined);
  const channel = await connection.createConfirmChannel();
  let reason: string | undefined;
  channel.on('error', (error: Error) => {
    reason = error.message;
  });
  return { connection, channel, closed: () => reason };
}

/** Runs one attempt on a fresh connection; resolves with the broker's refusal, if any. */
async function attempt(
  step: (attacker: Attacker) => Promise<unknown>,
  url = attackerUrl,
): Promise<string> {
  const attacker = await connectAsAttacker(url);
  try {
    await step(attacker);
    // A refused publish without a confirm still closes the channel: give it the time to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return attacker.closed() ?? 'not refused';
  } catch (error) {
    return attacker.closed() ?? (error as Error).message;
  } finally {
    await attacker.connection.close().catch(() => undefined);
  }
}

function publish(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  body: object,
  options: amqp.Options.Publish = {},
): Promise<void> {
  return new Promise((resolve, reject) =>
    channel.publish(exchange, routingKey, Buffer.from(JSON.stringify(body)), options, (error) =>
      error ? reject(error as Error) : resolve(),
    ),
  );
}

/** Nest's wire format of a request, as auth-service would receive it from billing. */
function request(pattern: string, data: object, userId?: string) {
  return {
    pattern,
    id: randomUUID(),
    data: { ctx: { requestId: `attacker-${randomUUID()}`, userId }, data },
  };
}

let victim: TestAccount;

type Reply = { id: string; err?: { code: string }; response?: unknown };

/**
 * Publishes `auth.session.issue.v1` under each routing key with `url`'s user, as that user,
 * and returns the answers (one per key, or fewer after 15 s).
 */
async function smuggle(url: string, routingKeys: string[]): Promise<Reply[]> {
  const user = decodeURIComponent(new URL(url).username);
  const sender = await connectAsAttacker(url);
  try {
    const { channel } = sender;
    const replyKey = replyRoutingKey(prefix, user, randomUUID());
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, replyExchangeName(prefix), replyKey);
    const replies: Reply[] = [];
    await channel.consume(queue, (message) => {
      if (message) replies.push(JSON.parse(message.content.toString()) as Reply);
    });
    for (const routingKey of routingKeys) {
      const body = request('auth.session.issue.v1', { userId: victim.id });
      await publish(channel, busExchangeName(prefix), routingKey, body, {
        replyTo: replyKey,
        correlationId: body.id,
        userId: user,
      });
    }
    const deadline = Date.now() + 15_000;
    while (replies.length < routingKeys.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sender.closed()).toBeUndefined();
    return replies;
  } finally {
    await sender.connection.close().catch(() => undefined);
  }
}

const authQueueDepth = (queue: string): Promise<number> => queueDepth(adminUrl, queue);

describeWithUsers('the bus, attacked with mail-ingest-service’s credentials', () => {
  beforeAll(async () => {
    victim = await createTestAccount('bus-victim');
  });

  afterAll(async () => {
    // Nothing the attacker sent is left waiting for auth-service either.
    expect(await authQueueDepth(authQueue)).toBe(0);
    expect(await authQueueDepth(workQueueName(prefix, 'auth', 'session'))).toBe(0);
  });

  it('may not publish to auth’s queue through the default exchange', async () => {
    const refusal = await attempt(({ channel }) =>
      publish(channel, '', authQueue, request('auth.session.issue.v1', { userId: victim.id })),
    );
    expect(refusal).toMatch(REFUSED);
    expect(refusal).toContain("exchange 'amq.default'");
  });

  it.each([
    'auth.session.issue.v1',
    'auth.password-setup.issue.v1',
    'auth.user.profile.v1',
    'auth.email.add.v1',
  ])('may not publish %s through the bus exchange', async (pattern) => {
    const refusal = await attempt(({ channel }) =>
      publish(
        channel,
        busExchangeName(prefix),
        `auth.${pattern}`,
        request(pattern, { userId: victim.id, email: 'attacker@example.com' }, victim.id),
      ),
    );
    expect(refusal).toMatch(REFUSED);
    expect(refusal).toContain(`topic 'auth.${pattern}'`);
  });

  it('may not publish into auth’s session lane', async () => {
    for (const pattern of ['auth.user.token-version.v1', 'auth.session.issue.v1']) {
      const refusal = await attempt(({ channel }) =>
        publish(
          channel,
          busExchangeName(prefix),
          `auth:session.${pattern}`,
          request(pattern, { userId: victim.id }, victim.id),
        ),
      );
      expect(refusal).toMatch(REFUSED);
    }
  });

  it('gets nothing by smuggling an auth pattern under a routing key it may use', async () => {
    // Its one allowed auth key, and an allowed key to another service, each carrying
    // auth.session.issue.v1 inside: the receiving server trusts the key the broker checked.
    const replies = await smuggle(attackerUrl, [
      'auth.auth.receipt-address.resolve.v1',
      'expenses.expenses.receipt.create.v1',
    ]);
    expect(replies).toHaveLength(2);
    for (const reply of replies) {
      expect(reply.err?.code).toBe('UNKNOWN_PATTERN');
      expect(reply.response).toBeUndefined();
    }
  });

  it('nor does the gateway, under the key of auth’s session lane', async () => {
    // The gateway may publish the token check into auth's session lane; a session request
    // inside that key is refused there too, as is the token check under the work queue's key.
    const [reply] = await smuggle(busUrls.gateway, ['auth:session.auth.user.token-version.v1']);
    expect(reply.err?.code).toBe('UNKNOWN_PATTERN');
    expect(reply.response).toBeUndefined();
    const refusal = await attempt(
      ({ channel }) =>
        publish(
          channel,
          busExchangeName(prefix),
          'auth.auth.user.token-version.v1',
          request('auth.user.token-version.v1', { userId: victim.id }),
        ),
      busUrls.gateway,
    );
    expect(refusal).toMatch(REFUSED);
  });

  it('may not declare a queue of its own, nor bind one to auth’s messages or dead letters', async () => {
    // A named queue (it could dead-letter into the bus with any routing key) …
    expect(
      await attempt(({ channel }) => channel.assertQueue(`${prefix}.mail-ingest.spy`)),
    ).toMatch(REFUSED);
    // … nor an exchange to bind into the bus …
    expect(
      await attempt(({ channel }) => channel.assertExchange(`${prefix}.mail-ingest.x`, 'topic')),
    ).toMatch(REFUSED);
    // … and its server-named reply queue binds neither auth's keys nor auth's dead letters.
    for (const [exchange, key] of [
      [busExchangeName(prefix), 'auth.#'],
      [busExchangeName(prefix), 'auth:session.#'],
      [busExchangeName(prefix), '#'],
      [deadLetterExchangeName(prefix), 'auth'],
    ] as const) {
      const refusal = await attempt(async ({ channel }) => {
        const { queue } = await channel.assertQueue('', { exclusive: true });
        await channel.bindQueue(queue, exchange, key);
      });
      expect(refusal).toMatch(REFUSED);
    }
  });

  it('may not dead-letter its own replies into the bus under auth’s routing key', async () => {
    const refusal = await attempt(async ({ channel }) => {
      const replyKey = replyRoutingKey(prefix, attackerUser, randomUUID());
      const { queue } = await channel.assertQueue('', {
        exclusive: true,
        arguments: {
          'x-dead-letter-exchange': busExchangeName(prefix),
          'x-dead-letter-routing-key': 'auth.auth.session.issue.v1',
          'x-message-ttl': 1,
        },
      });
      await channel.bindQueue(queue, replyExchangeName(prefix), replyKey);
      // Only the services it calls may publish to its reply keys; it may not.
      await publish(
        channel,
        replyExchangeName(prefix),
        replyKey,
        request('auth.session.issue.v1', { userId: victim.id }),
      );
    });
    expect(refusal).toMatch(REFUSED);
    expect(await authQueueDepth(authQueue)).toBe(0);
  });

  it('may not read, purge or delete auth’s queue, nor read anyone’s replies', async () => {
    expect(await attempt(({ channel }) => channel.consume(authQueue, () => undefined))).toMatch(
      REFUSED,
    );
    expect(await attempt(({ channel }) => channel.purgeQueue(authQueue))).toMatch(REFUSED);
    expect(await attempt(({ channel }) => channel.deleteQueue(authQueue))).toMatch(REFUSED);
    const gatewayUser = decodeURIComponent(new URL(busUrls.gateway).username);
    for (const key of [`${prefix}.reply.${gatewayUser}.#`, '#']) {
      const refusal = await attempt(async ({ channel }) => {
        const { queue } = await channel.assertQueue('', { exclusive: true });
        await channel.bindQueue(queue, replyExchangeName(prefix), key);
      });
      expect(refusal).toMatch(REFUSED);
    }
  });

  it('still makes the calls mail-ingest really makes', async () => {
    const bus = new BusClient({ url: attackerUrl, prefix, timeoutMs: 8_000 });
    try {
      const ctx = { requestId: `mail-ingest-${randomUUID()}` };
      const mailDomain = process.env.MAIL_DOMAIN ?? 'snaptrack.localhost';
      await expect(
        bus.send(
          'auth.receipt-address.resolve.v1',
          { address: `${DemoAccount.username}@${mailDomain}` },
          ctx,
        ),
      ).resolves.toEqual({ userId: DemoAccount.id });
      const created = await bus.send(
        'expenses.receipt.create.v1',
        {
          entity: 'Personal',
          storage_key: `receipts/${victim.id}/bus-permissions.jpg`,
          content_type: 'image/jpeg',
          content_sha256: 'a'.repeat(64),
        },
        { ...ctx, userId: victim.id },
      );
      expect(created.expense.status).toBe('processing');
      // With its own rights, the Nest client may not call auth.session.issue.v1 either: the
      // broker closes its channel and the call fails instead of issuing a session.
      await expect(
        bus.send('auth.session.issue.v1', { userId: victim.id }, ctx, 2_000),
      ).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The message bus refused this message.',
      });
      // The refusal closed that client's channel; the next allowed call opens a fresh one.
      await expect(
        bus.send(
          'auth.receipt-address.resolve.v1',
          { address: `${DemoAccount.username}@${mailDomain}` },
          ctx,
        ),
      ).resolves.toEqual({ userId: DemoAccount.id });
    } finally {
      await bus.close();
    }
  });
});
