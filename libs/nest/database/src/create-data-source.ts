import { DataSource, type EntitySchema, type MixedList } from 'typeorm';

export interface ServiceDataSourceOptions {
  url: string;
  /** The one Postgres schema this service owns. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  logging?: boolean;
  poolSize?: number;
  /**
   * Postgres cancels a statement running longer than this (error 57014), so a runaway query
   * fails its handler instead of holding it and a pooled connection. Unset or 0: no limit, for
   * migrations, which may rewrite big tables.
   */
  statementTimeoutMs?: number;
}

/** The schema a service owns, with the migrations that build it (and any TypeORM entities). */
export interface ServiceSchema {
  name: string;
  migrations: ServiceDataSourceOptions['migrations'];
  entities?: ServiceDataSourceOptions['entities'];
}

/** The data source of a service's schema, for its migrate step and tests (not initialized). */
export function schemaDataSource(schema: ServiceSchema, url: string): DataSource {
  return createServiceDataSource({
    url,
    schema: schema.name,
    entities: schema.entities ?? [],
    migrations: schema.migrations,
  });
}

/**
 * A TypeORM data source bound to one service schema: its own migrations table, no
 * synchronize, and `search_path` set so that even unqualified SQL stays in the schema.
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  assertSchemaName(options.schema);
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: options.logging ?? false,
    extra: {
      max: options.poolSize ?? 10,
      options: `-c search_path=${options.schema}`,
      connectionTimeoutMillis: 5_000,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    },
  });
}

export function assertSchemaName(schema: string): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid schema name: ${schema}`);
  }
}
