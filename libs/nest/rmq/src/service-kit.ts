import {
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type INestMicroservice,
  type InjectionToken,
  type OnApplicationBootstrap,
  type Provider,
  type Type,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ServiceName } from '@snaptrack/contracts';
import { OBJECT_STORAGE, objectStorageProvider, type ServiceEnv } from '@snaptrack/nest-config';
import { DatabaseModule, isDatabaseUp, type ServiceSchema } from '@snaptrack/nest-database';
import { LOGGER, createLogger, type Logger } from '@snaptrack/nest-logging';
import type { ObjectStorage } from '@snaptrack/storage';
import { OutboxBus, outboxBusProviders } from './outbox-bus.js';
import { JobScheduler, type PeriodicJob } from './periodic-jobs.js';
import { createPingController } from './ping.controller.js';
import { runService, type RunServiceOptions } from './run-service.js';

/** What a service declares; the kit adds config, logging, database, bus, health and shutdown. */
export interface ServiceDefinition<C extends ServiceEnv> {
  /** Its name on the bus: its queue, its ping, its metrics and logger (`<name>-service`). */
  name: ServiceName;
  /**
   * Its config: `load` reads and checks the environment once at start (exits with the problems
   * if it cannot); `token` is what the config is provided under.
   */
  config: { load: () => C; token: InjectionToken };
  /** The Postgres schema it owns, with its migrations. */
  schema: ServiceSchema;
  /** Its message handlers (the `<name>.system.ping.v1` one comes with the kit). */
  controllers?: Type<unknown>[];
  /** Its services; made from the config and logger when some need them directly. */
  providers?: Provider[] | ((config: C, logger: Logger) => Provider[]);
  /** Handlers and services by feature, each wired in its folder: added to the two above. */
  features?: ServiceFeature[];
  /** It publishes through its outbox: `OutboxBus` (relay, bus client) and the hourly prune. */
  outbox?: boolean;
  /** It keeps files: `OBJECT_STORAGE`; `pingPrefix` is the folder a ping lists; `ready` adds the ping to readiness. */
  storage?: { pingPrefix?: string; ready?: boolean };
  /** Its sweepers and pruners (providers of `PeriodicJob`), all run by one `JobScheduler`. */
  jobs?: Provider<PeriodicJob>[] | ((config: C, logger: Logger) => Provider<PeriodicJob>[]);
  /** Messages in hand at once (the queue's prefetch), and its lane queues. */
  prefetch: number | ((config: C) => number);
  lanes?: RunServiceOptions['lanes'];
  /** Runs before the app is built and after it has started (e.g. warm a cache, log settings). */
  beforeStart?: (config: C, logger: Logger) => void;
  afterStart?: (config: C, logger: Logger) => void;
}

/**
 * One feature's wiring, kept in its folder (`checkout/checkout.feature.ts`): its message
 * handlers and the services they use. A service lists its features, so its definition stays a
 * page however many it has.
 */
export interface ServiceFeature {
  controllers?: Type<unknown>[];
  providers?: Provider[];
}

export interface ServiceKit<C extends ServiceEnv> {
  readonly definition: ServiceDefinition<C>;
  /** The service's root module, as `run` builds it (tests boot it in their own process). */
  module(config: C, logger: Logger): DynamicModule;
  /** Reads the config and starts the service: consumer, health listener, jobs. */
  run(): Promise<INestMicroservice>;
}

const PERIODIC_JOBS = Symbol('PERIODIC_JOBS');

/**
 * Starts the jobs once the app has started; stops them before any provider shuts down, so no
 * sweep is cut off mid-way by a closing database or bus.
 */
@Injectable()
class ScheduledJobs implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly scheduler: JobScheduler;

  constructor(@Inject(PERIODIC_JOBS) jobs: PeriodicJob[], @Inject(LOGGER) logger: Logger) {
    this.scheduler = new JobScheduler(jobs, logger);
  }

  onApplicationBootstrap(): void {
    this.scheduler.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.scheduler.stop();
  }
}

@Module({})
class ServiceKitModule {}

function tokenOf(provider: Provider): InjectionToken {
  return typeof provider === 'function' ? provider : provider.provide;
}

function buildModule<C extends ServiceEnv>(
  definition: ServiceDefinition<C>,
  config: C,
  logger: Logger,
): DynamicModule {
  const { schema, storage, outbox } = definition;
  const configToken = definition.config.token;
  const made = <T>(parts: T[] | ((config: C, logger: Logger) => T[]) | undefined): T[] =>
    typeof parts === 'function' ? parts(config, logger) : (parts ?? []);
  const jobs = made(definition.jobs);
  const features = definition.features ?? [];
  const jobTokens = jobs.map(tokenOf);
  return {
    module: ServiceKitModule,
    imports: [
      DatabaseModule.forService({
        url: config.DATABASE_URL,
        statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
        schema: schema.name,
        entities: schema.entities ?? [],
        migrations: schema.migrations,
      }),
    ],
    controllers: [
      createPingController(definition.name),
      ...(definition.controllers ?? []),
      ...features.flatMap((feature) => feature.controllers ?? []),
    ],
    providers: [
      { provide: configToken, useValue: config },
      { provide: LOGGER, useValue: logger },
      ...(storage ? [objectStorageProvider(configToken, storage.pingPrefix)] : []),
      ...(outbox ? outboxBusProviders(schema.name, configToken, LOGGER) : []),
      ...made(definition.providers),
      ...features.flatMap((feature) => feature.providers ?? []),
      ...jobs,
      {
        provide: PERIODIC_JOBS,
        inject: outbox ? [...jobTokens, OutboxBus] : jobTokens,
        useFactory: (...found: (PeriodicJob | OutboxBus)[]) =>
          found.map((job) => (job instanceof OutboxBus ? job.pruner : job)),
      },
      ScheduledJobs,
    ],
  };
}

/** A service from its declaration: `export const service = defineService({...})`, then `service.run()`. */
export function defineService<C extends ServiceEnv>(
  definition: ServiceDefinition<C>,
): ServiceKit<C> {
  return {
    definition,
    module: (config, logger) => buildModule(definition, config, logger),
    async run() {
      const config = definition.config.load();
      const logger = createLogger(`${definition.name}-service`, config.LOG_LEVEL);
      definition.beforeStart?.(config, logger);
      const app = await runService({
        service: definition.name,
        module: buildModule(definition, config, logger),
        config,
        logger,
        prefetch:
          typeof definition.prefetch === 'function'
            ? definition.prefetch(config)
            : definition.prefetch,
        lanes: definition.lanes,
        ready: async (started) => ({
          postgres: await isDatabaseUp(started.get(DataSource)),
          ...(definition.storage?.ready
            ? { storage: await storagePings(started.get<ObjectStorage>(OBJECT_STORAGE)) }
            : {}),
        }),
      });
      definition.afterStart?.(config, logger);
      return app;
    },
  };
}

function storagePings(storage: ObjectStorage): Promise<boolean> {
  return storage.ping().then(
    () => true,
    () => false,
  );
}
