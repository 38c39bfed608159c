import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { EventConsumers, ServiceNames } from '@snaptrack/contracts';
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

describe('bus permissions', () => {
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

  it('gives mail-ingest exactly its three keys, and no auth pattern but the address lookup', () => {
    const write = topic('mail-ingest', 'bus').write;
    expect(matches(write, 'auth.auth.receipt-address.resolve.v1')).toBe(true);
    expect(matches(write, 'expenses.expenses.receipt.create.v1')).toBe(true);
    for (const key of [
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
      // Its own work queue is readable (consumed), another's is not.
      expect(matches(read, `${prefix}.auth`)).toBe(unit === 'auth');
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
