import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import * as contracts from '@snaptrack/contracts';
import { EventConsumers, ServiceNames, laneOf, ownerOf, systemPing } from '@snaptrack/contracts';
import { busRoutingKey } from '@snaptrack/nest-rmq';
import {
  BUS_SENDS,
  BUS_UNITS,
  busDefinitions,
  busPermissions,
  callersOf,
  rabbitPasswordHash,
} from './bus-users.mjs';

const prefix = 'snaptrack';
const users = Object.fromEntries(BUS_UNITS.map((unit) => [unit, unit]));
const rights = (unit: string) => busPermissions(prefix, unit, users, 'admin');
const topic = (unit: string, exchange: string) =>
  rights(unit).topics.find((entry) => entry.exchange === `${prefix}.${exchange}`)!;
const matches = (regex: string, text: string) => new RegExp(regex).test(text);

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The .ts files of a unit's src, specs aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /(?<!\.spec)\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** `AuthPatterns.login` or `'auth.session.login.v1'` as the pattern it names. */
function patternOf(expression: string): string {
  const literal = /^'([^']+)'$/.exec(expression);
  if (literal) return literal[1];
  const [group, name] = expression.split('.');
  const value = (contracts as unknown as Record<string, Record<string, unknown>>)[group]?.[name];
  if (typeof value !== 'string') throw new Error(`cannot resolve the pattern ${expression}`);
  return value;
}

/**
 * The routing keys a unit's code publishes: every `.send(<pattern>, …)` (to the pattern's
 * owner, in its lane if it has one) and every `enqueueEvent(manager, schema, <event>, …)` (to
 * each consumer). The gateway's readiness pings name their service at run time.
 */
function keysSentBy(unit: string): string[] {
  const dir = unit === 'gateway' ? 'gateway/src' : `apps/${unit}-service/src`;
  const keys = new Set<string>();
  for (const file of sources(path.join(ROOT, dir))) {
    const code = readFileSync(file, 'utf8');
    for (const [, expression] of code.matchAll(
      /\b(?:bus|client)\.send(?:<[^>]*>)?\(\s*([\w.'-]+),/g,
    )) {
      const pattern = patternOf(expression);
      keys.add(busRoutingKey(ownerOf(pattern), pattern, laneOf(pattern)));
    }
    for (const [, expression] of code.matchAll(/enqueueEvent\(\s*\w+,\s*[\w.]+,\s*([\w.'-]+),/g)) {
      const pattern = patternOf(expression) as keyof typeof EventConsumers;
      for (const consumer of EventConsumers[pattern]) keys.add(busRoutingKey(consumer, pattern));
    }
    if (code.includes('systemPing(service)')) {
      for (const service of ServiceNames) keys.add(busRoutingKey(service, systemPing(service)));
    }
  }
  return [...keys].sort();
}

describe('bus permissions', () => {
  it('lets each unit send exactly the keys its code sends', () => {
    for (const unit of BUS_UNITS) {
      expect({ unit, keys: [...BUS_SENDS[unit as keyof typeof BUS_SENDS]].sort() }).toEqual({
        unit,
        keys: keysSentBy(unit),
      });
    }
  });

  it("sends the token check only through auth's session lane", () => {
    const write = topic('gateway', 'bus').write;
    expect(matches(write, 'auth:session.auth.user.token-version.v1')).toBe(true);
    expect(matches(write, 'auth.auth.user.token-version.v1')).toBe(false);
    expect(matches(write, 'auth:session.auth.session.issue.v1')).toBe(false);
    expect(callersOf('auth')).toContain('gateway');
  });

  it('has a row for the gateway and every service', () => {
    expect([...BUS_UNITS].sort()).toEqual(['gateway', ...ServiceNames].sort());
  });

  it('lets every event reach each of its consumers from some unit', () => {
    for (const [pattern, consumers] of Object.entries(EventConsumers)) {
      for (const consumer of consumers) {
        const key = `${consumer}.${pattern}`;
        const senders = BUS_UNITS.filter((unit) => matches(topic(unit, 'bus').write, key));
        expect({ key, senders: senders.length > 0 }).toEqual({ key, senders: true });
      }
    }
  });

  it('lets only billing ask auth for a session or a setup link', () => {
    for (const pattern of ['auth.session.issue.v1', 'auth.password-setup.issue.v1']) {
      const senders = BUS_UNITS.filter((unit) =>
        matches(topic(unit, 'bus').write, `auth.${pattern}`),
      );
      expect(senders).toEqual(['billing']);
    }
  });

  it('gives mail-ingest exactly its four keys, and no auth pattern but the address lookup', () => {
    const write = topic('mail-ingest', 'bus').write;
    expect(matches(write, 'auth.auth.receipt-address.resolve.v1')).toBe(true);
    expect(matches(write, 'billing.billing.entitlement.check.v1')).toBe(true);
    expect(matches(write, 'expenses.expenses.receipt.create.v1')).toBe(true);
    for (const key of [
      'auth:session.auth.user.token-version.v1',
      'billing.billing.checkout.claim.v1',
      'auth.auth.session.issue.v1',
      'auth.auth.user.profile.v1',
      'auth.auth.receipt-address.resolve.v1.extra',
      'expenses.auth.user.created.v1',
      'expenses.expenses.expense.delete.v1',
    ]) {
      expect({ key, allowed: matches(write, key) }).toEqual({ key, allowed: false });
    }
  });

  it('gives no unit the default exchange, a named queue or an exchange to declare', () => {
    for (const unit of BUS_UNITS) {
      const { configure, write, read } = rights(unit);
      for (const regex of [configure, write, read])
        expect(matches(regex, 'amq.default')).toBe(false);
      for (const name of [`${prefix}.${unit}`, `${prefix}.${unit}.x`, `${prefix}.bus`]) {
        expect(matches(configure, name)).toBe(false);
      }
      expect(matches(configure, 'amq.gen-Xy1')).toBe(true);
      // Its own work and lane queues are readable (consumed), another's are not.
      expect(matches(read, `${prefix}.auth`)).toBe(unit === 'auth');
      expect(matches(read, `${prefix}.auth.session`)).toBe(unit === 'auth');
    }
  });

  it('lets a unit bind only its own reply keys, and answer only who may call it', () => {
    const replies = topic('auth', 'replies');
    expect(matches(replies.read, `${prefix}.reply.auth.abc-1`)).toBe(true);
    expect(matches(replies.read, `${prefix}.reply.gateway.abc-1`)).toBe(false);
    expect(matches(replies.read, '#')).toBe(false);
    expect(callersOf('auth').sort()).toEqual(['billing', 'gateway', 'mail-ingest']);
    expect(matches(replies.write, `${prefix}.reply.gateway.abc-1`)).toBe(true);
    expect(matches(replies.write, `${prefix}.reply.admin.abc-1`)).toBe(true);
    expect(matches(replies.write, `${prefix}.reply.auth.abc-1`)).toBe(false);
    expect(matches(replies.write, `${prefix}.reply.expenses.abc-1`)).toBe(false);
    // mail-ingest may not publish to its own reply keys (nor anyone's but the gateway's).
    const mailReplies = topic('mail-ingest', 'replies');
    expect(matches(mailReplies.write, `${prefix}.reply.mail-ingest.abc-1`)).toBe(false);
  });

  it('hashes passwords as RabbitMQ does (salt, then sha256 of salt and password)', () => {
    const hash = Buffer.from(rabbitPasswordHash('s3cret'), 'base64');
    const salt = hash.subarray(0, 4);
    const digest = createHash('sha256').update(salt).update('s3cret').digest();
    expect(hash.subarray(4).equals(digest)).toBe(true);
  });

  it('renders one user, one permission and two topic permissions per account', () => {
    const accounts = BUS_UNITS.map((unit) => ({ unit, user: `t1-${unit}`, password: 'pw' }));
    const definitions = busDefinitions({ prefix, vhost: '/', accounts, admin: 'guest' });
    expect(definitions.users).toHaveLength(BUS_UNITS.length);
    expect(definitions.permissions).toHaveLength(BUS_UNITS.length);
    expect(definitions.topic_permissions).toHaveLength(2 * BUS_UNITS.length);
    expect(Object.keys(BUS_SENDS)).toEqual(BUS_UNITS);
  });
});
