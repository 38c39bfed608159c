import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { parseConfig } from '@snaptrack/nest-config';
import { createLogger } from '@snaptrack/nest-logging';
import { OutboxBus } from '@snaptrack/nest-rmq';
import { mailIngestEnv } from '../src/config/env.js';
import { mailIngestService } from '../src/service.js';
import { SmtpListener } from '../src/smtp/smtp-listener.js';

/** Resolves true when something accepts a TCP connection on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// The module as main.ts builds it (real database, broker and SMTP listener), in this process,
// so the test can watch the order in which shutdown closes things.
describe('mail-ingest: shutdown', () => {
  let app: INestApplicationContext;
  const closed: string[] = [];
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    const config = parseConfig(mailIngestEnv, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: process.env.SNAPTRACK_DATABASE_URL,
      RABBITMQ_URL: process.env.SNAPTRACK_RABBITMQ_URL,
      RMQ_PREFIX: process.env.SNAPTRACK_RMQ_PREFIX,
      STORAGE_FS_ROOT: process.env.SNAPTRACK_STORAGE_DIR,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SHUTDOWN_GRACE_MS: '1000',
    });
    const logger = createLogger('mail-ingest-shutdown-test', 'silent');
    // Bootstraps too: the SMTP listener and the outbox relay are running once this resolves.
    app = await NestFactory.createApplicationContext(mailIngestService.module(config, logger), {
      logger: false,
    });
    const smtp = app.get(SmtpListener);
    const { client } = app.get(OutboxBus);
    const smtpClose = smtp.close.bind(smtp);
    jest.spyOn(smtp, 'close').mockImplementation(async () => {
      await smtpClose();
      closed.push('smtp');
    });
    const busClose = client.close.bind(client);
    jest.spyOn(client, 'close').mockImplementation(async () => {
      closed.push('bus');
      await busClose();
    });
  });

  afterAll(async () => {
    if (!closed.includes('bus')) await app.close();
  });

  it('closes the SMTP listener before the bus, so accepted mail is still published', async () => {
    expect(await accepts(port)).toBe(true);
    await app.close();
    expect(closed).toEqual(['smtp', 'bus']);
    expect(await accepts(port)).toBe(false);
  });
});
