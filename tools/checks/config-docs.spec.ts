import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { orphanSweepEnv, serviceEnv, storageEnv } from '@snaptrack/nest-config';

// docs/configuration.md is the one list of environment variables. These checks keep it and the
// zod schemas every process validates its environment with (gateway/src/config/env.ts,
// apps/*/src/config/env.ts, libs/nest/config) in step, so the document cannot go stale: a
// variable added to a schema without a row fails, and so does a row for a variable that no
// schema reads any more.

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIGURATION_DOC = 'docs/configuration.md';

/**
 * Every process's schema: the `…Env` exports of gateway/src/config/env.ts and of each service's
 * src/config/env.ts (found on disk, so a new service is checked without editing this file), and
 * the shared pieces of libs/nest/config. Imported by path: the services are not libraries, and
 * a static import would pull their sources into the tools project.
 */
async function loadSchemas(): Promise<Record<string, unknown>> {
  const files = [
    'gateway/src/config/env.ts',
    ...readdirSync(path.join(ROOT, 'apps'))
      .filter((dir) => dir.endsWith('-service'))
      .map((dir) => `apps/${dir}/src/config/env.ts`),
  ];
  const schemas: Record<string, unknown> = {
    'libs/nest/config serviceEnv': serviceEnv,
    'libs/nest/config storageEnv': storageEnv,
    'libs/nest/config orphanSweepEnv': orphanSweepEnv,
  };
  for (const file of files) {
    const module = (await import(path.join(ROOT, file))) as Record<string, unknown>;
    const found = Object.entries(module).filter(([name]) => /^[a-z]\w*Env$/.test(name));
    if (found.length === 0) throw new Error(`${file} exports no …Env schema`);
    for (const [name, schema] of found) schemas[`${file} ${name}`] = schema;
  }
  return schemas;
}

/**
 * Documented variables that no service schema holds, each with the reason. Everything else in
 * the table must be a key of a schema above.
 */
const READ_OUTSIDE_THE_SCHEMAS: Record<string, string> = {
  // The migrate step (apps/{auth,expenses,billing}-service/src/database/migrate.ts) validates it
  // with a schema of its own, inline in the entry point, which runs when imported.
  SEED_DEMO: 'the migrate step',
};

/** The variable names of a zod object schema, through refinements and transforms. */
function keysOf(schema: unknown): string[] {
  let current = schema as {
    shape?: Record<string, unknown>;
    def?: { in?: unknown; schema?: unknown };
  };
  for (let depth = 0; depth < 10; depth += 1) {
    if (current.shape) return Object.keys(current.shape);
    const inner = current.def?.in ?? current.def?.schema;
    if (!inner) break;
    current = inner;
  }
  throw new Error('not a zod object schema (or one wrapped in transforms and refinements)');
}

/**
 * Every variable the document's tables name: the first column of each table whose header starts
 * with "Variable"; a cell may name several (`HELP_CONTENT_DIR`, `CHANGELOG_FILE`) and a pattern
 * (`RATE_LIMIT_<ROUTE>_PER_<IP|ACCOUNT|USER>`) stands for the variables it matches.
 */
export function documentedVariables(markdown: string): { names: string[]; patterns: RegExp[] } {
  const names: string[] = [];
  const patterns: RegExp[] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const firstCell = line.split(/(?<!\\)\|/)[1]?.trim() ?? '';
    if (!inTable) {
      inTable = firstCell === 'Variable';
      continue;
    }
    if (/^-+$/.test(firstCell)) continue;
    for (const [, code] of firstCell.matchAll(/`([^`]+)`/g)) {
      if (code.includes('<')) {
        patterns.push(new RegExp(`^${code.replace(/<[^>]+>/g, '[A-Z0-9_]+')}$`));
      } else {
        names.push(code);
      }
    }
  }
  return { names, patterns };
}

async function schemaVariables(): Promise<Map<string, string[]>> {
  const owners = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(await loadSchemas())) {
    for (const key of keysOf(schema)) owners.set(key, [...(owners.get(key) ?? []), name]);
  }
  return owners;
}

describe(CONFIGURATION_DOC, () => {
  const documented = documentedVariables(readFileSync(path.join(ROOT, CONFIGURATION_DOC), 'utf8'));
  let inSchemas = new Map<string, string[]>();
  beforeAll(async () => {
    inSchemas = await schemaVariables();
  });

  it('lists variables at all (the table is found)', () => {
    expect(documented.names.length).toBeGreaterThan(50);
    expect(inSchemas.size).toBeGreaterThan(50);
  });

  it('documents every variable of every schema', () => {
    const undocumented = [...inSchemas.keys()].filter(
      (key) =>
        !documented.names.includes(key) &&
        !documented.patterns.some((pattern) => pattern.test(key)),
    );
    expect(undocumented).toEqual([]);
  });

  it('documents only variables a schema (or the listed exceptions) reads', () => {
    const unknown = documented.names.filter(
      (name) => !inSchemas.has(name) && !(name in READ_OUTSIDE_THE_SCHEMAS),
    );
    expect(unknown).toEqual([]);
    const unmatched = documented.patterns.filter(
      (pattern) => ![...inSchemas.keys()].some((key) => pattern.test(key)),
    );
    expect(unmatched).toEqual([]);
  });

  it('keeps exceptions only for variables no schema reads', () => {
    const inBoth = Object.keys(READ_OUTSIDE_THE_SCHEMAS).filter((name) => inSchemas.has(name));
    expect(inBoth).toEqual([]);
  });

  it('names each variable in one row only', () => {
    const twice = documented.names.filter(
      (name, index) => documented.names.indexOf(name) !== index,
    );
    expect(twice).toEqual([]);
  });
});

describe('documentedVariables', () => {
  it('reads the first column of Variable tables only, several names and patterns per cell', () => {
    const markdown = [
      '| Variable | Meaning |',
      '| --- | --- |',
      '| `A_ONE`, `A_TWO` | `NOT_A_NAME` in another column |',
      '| `LIMIT_<ROUTE>_PER_<IP\\|USER>` | a pattern |',
      '',
      '| Route | What it does |',
      '| --- | --- |',
      '| `NOT_CONFIG` | a route table |',
    ].join('\n');
    const { names, patterns } = documentedVariables(markdown);
    expect(names).toEqual(['A_ONE', 'A_TWO']);
    expect(patterns.map((pattern) => pattern.test('LIMIT_LOGIN_PER_IP'))).toEqual([true]);
  });
});

// Every relative link between the documents (README.md and docs/**/*.md) must point to a file
// that exists, so moving a document cannot leave a dead link behind.

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/**
 * The targets of `[text](target)` links to other files: not web addresses, in-page anchors or
 * the site's own paths (`/terms` in the legal documents, which the web app serves).
 */
export function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^[#/]/.test(target));
}

describe('links between the documents', () => {
  it('finds relative links and skips web addresses, anchors and code', () => {
    expect(
      relativeLinks(
        '[a](docs/a.md) [b](https://x.test) [c](#top) `[d](e.md)` [f](g.md#h) [i](/terms)',
      ),
    ).toEqual(['docs/a.md', 'g.md#h']);
  });

  it.each(['README.md', ...markdownFiles('docs')])('%s links only to files that exist', (file) => {
    const dead = relativeLinks(readFileSync(path.join(ROOT, file), 'utf8')).filter(
      (target) => !existsSync(path.join(ROOT, path.dirname(file), target.split('#')[0] ?? '')),
    );
    expect(dead).toEqual([]);
  });
});
