import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Inject, Injectable, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { parseConfig, serviceEnv } from '@snaptrack/nest-config';
import { LOGGER, createLogger, type Logger } from '@snaptrack/nest-logging';
import { waitUntil } from '@snaptrack/testing';
import {
  OutboxBus,
  defineService,
  outboxInboxDdl,
  type PeriodicJob,
  type ServiceFeature,
} from '../src/index.js';

// A service declared with the kit, booted in this process against the real database and broker
// (no consumer: an application context), to see what the kit wires: config and logger under
// their tokens, the database on the service's schema, the bus, and one scheduler that runs the
// declared job and the outbox prune, and stops them before the database closes.

const schema = `kit_${randomUUID().slice(0, 8)}`;
const CONFIG = Symbol('KIT_TEST_CONFIG');
const runs: string[] = [];

@Injectable()
class CountingJob implements PeriodicJob {
  readonly name = 'counting job';
  readonly everyMs = 60_000;
  readonly runAtStart = true;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async run(): Promise<void> {
    const [row] = await this.dataSource.query<{ schema: string }[]>(
      'SELECT current_schema() AS "schema"',
    );
    runs.push(row?.schema ?? 'none');
  }
}

@Injectable()
class Greeter {
  constructor(
    @Inject(CONFIG) readonly config: { LOG_LEVEL: string },
    @Inject(LOGGER) readonly logger: Logger,
  ) {}
}

/** A feature's handler and service, wired by the feature rather than the definition. */
@Injectable()
class Reminders {
  constructor(@Inject(Greeter) readonly greeter: Greeter) {}
}

@Controller()
class RemindersController {
  constructor(@Inject(Reminders) readonly reminders: Reminders) {}
}

const remindersFeature: ServiceFeature = {
  controllers: [RemindersController],
  providers: [Reminders],
};

describe('a service declared with the kit', () => {
  let admin: DataSource;
  let app: INestApplicationContext;
  let oldSent: string;

  beforeAll(async () => {
    admin = new DataSource({ type: 'postgres', url: process.env.SNAPTRACK_DATABASE_URL });
    await admin.initialize();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    for (const sql of outboxInboxDdl(schema).up) await admin.query(sql);
    oldSent = randomUUID();
    await admin.query(
      `INSERT INTO "${schema}"."outbox" ("id", "pattern", "destination", "payload", "created_at", "sent_at")
       VALUES ($1, 'test.event.v1', 'expenses', '{}', now() - interval '30 days', now() - interval '30 days')`,
      [oldSent],
    );
    const config = parseConfig(serviceEnv, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: process.env.SNAPTRACK_DATABASE_URL,
      RABBITMQ_URL: process.env.SNAPTRACK_RABBITMQ_URL,
      RMQ_PREFIX: process.env.SNAPTRACK_RMQ_PREFIX,
    });
    const kit = defineService({
      name: 'export',
      config: { load: () => config, token: CONFIG },
      schema: { name: schema, migrations: [] },
      outbox: true,
      controllers: [],
      providers: [Greeter],
      features: [remindersFeature],
      jobs: [CountingJob],
      prefetch: 1,
    });
    app = await NestFactory.createApplicationContext(
      kit.module(config, createLogger('service-kit-test', 'silent')),
      { logger: false },
    );
  });

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.destroy();
  });

  it('provides its config and logger, and the bus', () => {
    const greeter = app.get(Greeter);
    expect(greeter.config.LOG_LEVEL).toBe('silent');
    expect(typeof greeter.logger.info).toBe('function');
    expect(app.get(OutboxBus).client).toBeDefined();
  });

  it("wires a feature's handlers and services beside the declared ones", () => {
    const handler = app.get(RemindersController);
    expect(handler.reminders).toBe(app.get(Reminders));
    expect(handler.reminders.greeter).toBe(app.get(Greeter));
  });

  it('runs the declared job at start, on the service schema, and prunes the outbox', async () => {
    const left = async (): Promise<number> => {
      const rows = await admin.query<unknown[]>(
        `SELECT 1 FROM "${schema}"."outbox" WHERE "id" = $1`,
        [oldSent],
      );
      return rows.length;
    };
    await waitUntil(async () => runs.length > 0 && (await left()) === 0, {
      what: 'the job to run and prune the outbox',
    });
    expect(runs).toEqual([schema]);
    expect(await left()).toBe(0);
  });

  it('closes the database on shutdown', async () => {
    const dataSource = app.get(DataSource);
    expect(dataSource.isInitialized).toBe(true);
    await app.close();
    expect(dataSource.isInitialized).toBe(false);
  });
});
