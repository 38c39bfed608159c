import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { createAuthDataSource } from './data-source.js';
import { createAccount, normalizeEmail } from '../users/accounts.js';
import { UserEntity } from '../users/user.entity.js';
import { hashPassword } from '../session/password-hasher.js';
import { passwordProblem, SETUP_MIN_LENGTH } from '../passwords/password-policy.js';

/**
 * `node apps/auth-service/dist/database/create-account.js <email>`, password on stdin: the first
 * account of a self-hosted install (docs/self-hosting.md), where BILLING=off offers no checkout
 * to create one. The operator vouches for the address, so it counts as verified. Run inside the
 * auth container: `docker compose exec -T auth node … you@example.com < password-file`.
 */
const env = loadConfigOrExit('create-account', z.object({ DATABASE_URL: z.string().min(1) }));

function fail(message: string): never {
  process.stderr.write(`create-account: ${message}\n`);
  process.exit(1);
}

/** The first line of stdin (typed at a prompt, or piped from a file). */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (8+ characters): ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, '');
  }
  return '';
}

const email = normalizeEmail(process.argv[2] ?? '');
if (!z.email().safeParse(email).success) {
  fail("give the account's email address: create-account.js you@example.com");
}
const password = await readPassword();
const problem = passwordProblem(password, SETUP_MIN_LENGTH, email);
if (problem) fail(problem);

const dataSource = createAuthDataSource(env.DATABASE_URL);
// Run by hand, often right after `docker compose up` while every service starts and Postgres is
// busiest: wait for a connection as long as a person would, not the services' 5 s.
dataSource.setOptions({
  extra: { ...(dataSource.options.extra as object), connectionTimeoutMillis: 30_000 },
});
await dataSource.initialize();
try {
  const outcome = await dataSource.transaction(async (manager) => {
    if (await manager.existsBy(UserEntity, { email })) return 'exists';
    await createAccount(manager, {
      email,
      passwordHash: await hashPassword(password),
      emailVerified: true,
      requestId: 'create-account',
    });
    return 'created';
  });
  if (outcome === 'exists') fail(`an account for ${email} exists already; sign in with it`);
  process.stdout.write(`create-account: ${email} created; sign in at APP_URL\n`);
} finally {
  await dataSource.destroy();
}
