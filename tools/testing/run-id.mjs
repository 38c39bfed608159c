import { randomBytes } from 'node:crypto';

/** One id per test run: its database and queue prefix, so parallel runs never collide. */
export function newRunId() {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}
