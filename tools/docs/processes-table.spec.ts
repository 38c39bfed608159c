import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { DOC, buildTable, readCatalogue, scanProcess, withTable } from './processes-table.mjs';

// docs/architecture.md's messages table is read from the code: this spec fails when the two
// drift, so the table a newcomer reads is the one the services run.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'tools/docs/processes-table.mjs');

describe('the messages table of docs/architecture.md', () => {
  it('is the one the code gives (node tools/docs/processes-table.mjs --check)', () => {
    expect(() =>
      execFileSync(process.execPath, [SCRIPT, '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('holds what the services really do, and the contracts agree', () => {
    const { table, problems } = buildTable();
    expect(problems).toEqual([]);
    const row = (name: string) =>
      table.split('\n').find((line) => line.startsWith(`| \`${name}\``));
    expect(row('mail-ingest-service')).toContain('`expenses.expense.deleted.v1`');
    expect(row('expenses-service')).toContain('`ocr.receipt.process.v1` → ocr');
    expect(row('auth-service')).toContain('`auth.user.created.v1` → expenses');
  });

  it('is seen as stale once a row changes', () => {
    const doc = readFileSync(path.join(ROOT, DOC), 'utf8');
    const { table } = buildTable();
    const drifted = doc.replace(
      '`auth.user.created.v1` → expenses',
      '`auth.user.created.v1` → nobody',
    );
    expect(drifted).not.toBe(doc);
    expect(withTable(drifted, table)).toBe(doc);
  });
});

describe('scanning a process', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'processes-table-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'libs/contracts/src'), { recursive: true });
  mkdirSync(path.join(root, 'apps/planted/src'), { recursive: true });
  writeFileSync(
    path.join(root, 'libs/contracts/src/planted.messages.ts'),
    "export const PlantedPatterns = {\n  // a comment\n  get: 'planted.thing.get.v1',\n  done: 'planted.thing.done.v1',\n} as const;\n",
  );
  const plant = (code: string) =>
    writeFileSync(path.join(root, 'apps/planted/src/planted.controller.ts'), code);

  it('resolves handlers, published events and sends through the catalogue', () => {
    plant(
      [
        'const done = PlantedPatterns.done;',
        '@MessagePattern(PlantedPatterns.get) get() {}',
        '@EventPattern(done) onDone() {}',
        'await enqueueEvent(manager, SCHEMA, PlantedPatterns.done, {}, ctx);',
        'await this.bus.send(PlantedPatterns.get, {}, ctx);',
        "res.send('not a message');",
      ].join('\n'),
    );
    const found = scanProcess('apps/planted', readCatalogue(root), root);
    expect(found).toEqual({
      answers: new Set(['planted.thing.get.v1']),
      consumes: new Set(['planted.thing.done.v1']),
      publishes: new Set(['planted.thing.done.v1']),
      asks: new Set(['planted.thing.get.v1']),
    });
  });

  it('refuses a handler whose pattern is not from the catalogue', () => {
    plant("@EventPattern('planted.thing.done.v1') onDone() {}\n");
    expect(() => scanProcess('apps/planted', readCatalogue(root), root)).toThrow(
      /planted\.controller\.ts:1: @EventPattern\(… names no pattern/,
    );
  });
});
