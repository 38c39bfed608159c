import type { DataSource } from 'typeorm';
import { connectWithRetry } from './connect-with-retry.js';
import { MAX_REVERT_STEPS, migrateSchema, revertMigrations, revertSteps } from './migrate.js';

/** How long the step waits for a database it cannot reach yet: 12 tries, 5 s apart. */
const CONNECT = { attempts: 12, pauseMs: 5_000 };

export interface MigrateStep {
  /** How the step names itself on its output lines: `auth`, `help-feedback`. */
  label: string;
  schema: string;
  /** The service's data source, not yet initialized. */
  dataSource: () => DataSource;
  /** Demo data to add after migrating (SEED_DEMO): its name, and a run that says what it did. */
  seed?: { name: string; run: (dataSource: DataSource) => Promise<string> };
}

/**
 * A service's `node dist/database/migrate.js [--revert [N]]`: applies the schema's pending
 * migrations (then the seed), or with `--revert` undoes the newest one, `--revert 5` the newest
 * five. A count it cannot use stops it with exit code 64 before it touches the schema.
 */
export async function runMigrateStep(step: MigrateStep, argv = process.argv): Promise<void> {
  const steps = revertSteps(argv);
  if (steps === null) {
    process.stderr.write(
      `${step.label} migrate: --revert takes a number of migrations, 1 to ${MAX_REVERT_STEPS}\n`,
    );
    process.exit(64);
  }
  const out = (line: string) => process.stdout.write(`${step.label}: ${line}\n`);
  const dataSource = await connectWithRetry(step.dataSource, {
    ...CONNECT,
    onRetry: (error, attempt) =>
      process.stderr.write(
        `${step.label} migrate: database not reachable (${error.message}); try ${attempt + 1} of ${CONNECT.attempts} in ${CONNECT.pauseMs / 1000} s\n`,
      ),
  });
  try {
    if (steps > 0) {
      await revertMigrations(dataSource, steps);
      out(`reverted the last ${steps === 1 ? 'migration' : `${steps} migrations`}`);
      return;
    }
    const applied = await migrateSchema(dataSource, step.schema);
    out(applied.length ? applied.join(', ') : 'schema up to date');
    if (step.seed) out(`${step.seed.name} ${await step.seed.run(dataSource)}`);
  } finally {
    await dataSource.destroy();
  }
}
