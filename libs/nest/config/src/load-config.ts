import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment against a schema and returns typed config. Every problem is
 * collected, so one failed boot lists every missing or malformed variable by name.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = env[String(issue.path[0])];
    if (value !== undefined) return `${name} is invalid: ${issue.message}`;
    // A rule about an unset variable (a default that is refused) says what to set.
    return issue.code === 'custom' ? `${name} is missing: ${issue.message}` : `${name} is missing`;
  });
  throw new ConfigError(problems);
}

/** For a process entry point: parse or print the problems and exit with status 78 (config). */
export function loadConfigOrExit<S extends z.ZodType>(
  service: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${service}: ${error.message}\n`);
    process.exit(78);
  }
}
