import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { parse, parseAllDocuments } from 'yaml';
import { BUS_UNITS } from '../lib/bus-users.mjs';

// The storage users' policies (deploy/minio/policies/<unit>.json, made into MinIO users by
// deploy/minio/create-storage-users.sh in compose's minio-init and on Kubernetes), evaluated
// with an AWS IAM policy simulator (@cloud-copilot/iam-simulate; MinIO's policies are AWS IAM
// policies) against what each unit's code does with which folder, and nothing more. MinIO
// cannot run on this machine (it is in neither Debian nor npm), so this is the proof that the
// mail-ingest user cannot read another user's receipts (docs/security.md, "Object storage").

const ROOT = path.resolve(import.meta.dirname, '../..');
const POLICY_DIR = path.join(ROOT, 'deploy/minio/policies');
const BUCKET = 'snaptrack';

type Action = 's3:GetObject' | 's3:PutObject' | 's3:AbortMultipartUpload' | 's3:DeleteObject';
const GET: Action[] = ['s3:GetObject'];
const WRITE: Action[] = ['s3:PutObject', 's3:AbortMultipartUpload'];
const DELETE: Action[] = ['s3:DeleteObject'];
const OBJECT_ACTIONS: Action[] = [...GET, ...WRITE, ...DELETE];

const owner = randomUUID();
const other = randomUUID();

/** One key of each kind the code writes, in the shape it writes it. */
const KEYS = {
  // gateway/src/receipts/receive-receipt.ts
  upload: `receipts/${owner}/${randomUUID()}.jpg`,
  otherUsersUpload: `receipts/${other}/${randomUUID()}.png`,
  // apps/mail-ingest-service/src/processing/mail-processor.ts (files, and a mail's own text)
  mailed: `receipts/${owner}/mail-${randomUUID()}-0.pdf`,
  otherUsersMailed: `receipts/${other}/mail-${randomUUID()}-1.txt`,
  // apps/mail-ingest-service/src/intake/mail-intake.ts
  rawMail: `mail/2026/11/29/${randomUUID()}.eml`,
  // apps/export-service/src/jobs/pdf-jobs.service.ts
  pdf: `exports/${owner}/${randomUUID()}.pdf`,
  // Nothing of SnapTrack's lives outside these folders.
  elsewhere: `backups/${randomUUID()}.tar`,
  root: `${randomUUID()}.jpg`,
} as const;
type Kind = keyof typeof KEYS;

/** Folders asked to be listed (ListObjectsV2 `prefix`); `null`: HeadBucket or a bare list. */
const LISTINGS = [
  'receipts/',
  `receipts/${other}/`,
  'mail/',
  'exports/',
  'backups/',
  '',
  null,
] as const;

interface Grant {
  /** What the unit may do with each kind of key; every other action on every key is denied. */
  objects: Partial<Record<Kind, Action[]>>;
  /** The folders it may list (and every folder below them); nothing else, not the bucket. */
  lists: string[];
}

/**
 * Who reads and writes what, from the code. The policies must allow exactly this. Where a
 * policy's folder holds more than the unit uses (the gateway's `receipts/*` holds mailed files
 * too), the row says so: a policy cannot tell an upload from a mailed file by its owner.
 */
const GRANTS: Record<string, Grant> = {
  gateway: {
    // Uploads are stored and, when expenses refuses them, deleted; the image route reads any
    // receipt of its user; receipt PDFs are downloaded.
    objects: {
      upload: [...GET, ...WRITE, ...DELETE],
      otherUsersUpload: [...GET, ...WRITE, ...DELETE],
      mailed: [...GET, ...WRITE, ...DELETE],
      otherUsersMailed: [...GET, ...WRITE, ...DELETE],
      pdf: GET,
    },
    lists: [],
  },
  expenses: {
    // A deleted expense's file, and the orphan sweep of receipts/ (lists, then deletes).
    objects: { upload: DELETE, otherUsersUpload: DELETE, mailed: DELETE, otherUsersMailed: DELETE },
    lists: ['receipts/'],
  },
  ocr: {
    // Reads every receipt it is given; its readiness check lists receipts/.
    objects: { upload: GET, otherUsersUpload: GET, mailed: GET, otherUsersMailed: GET },
    lists: ['receipts/'],
  },
  export: {
    // Reads receipt images and mailed texts into PDFs, writes the PDFs and deletes them later.
    objects: {
      upload: GET,
      otherUsersUpload: GET,
      mailed: GET,
      otherUsersMailed: GET,
      pdf: [...WRITE, ...DELETE],
    },
    lists: [],
  },
  'mail-ingest': {
    // Raw mail (stored at DATA, read by the parser, deleted by retention and the sweep, which
    // lists mail/, as does its readiness check); mailed receipts written, deleted when refused,
    // never read back.
    objects: {
      rawMail: [...GET, ...WRITE, ...DELETE],
      mailed: [...WRITE, ...DELETE],
      otherUsersMailed: [...WRITE, ...DELETE],
    },
    lists: ['mail/'],
  },
};

/** Bucket-wide actions no service needs: every one must be denied to every storage user. */
const BUCKET_ACTIONS = [
  's3:DeleteBucket',
  's3:PutBucketPolicy',
  's3:GetBucketPolicy',
  's3:PutLifecycleConfiguration',
  's3:ListBucketMultipartUploads',
  's3:ListAllMyBuckets',
  's3:CreateBucket',
];

type Policy = Record<string, unknown>;
let policies: Record<string, Policy> = {};

beforeAll(() => {
  policies = Object.fromEntries(
    readdirSync(POLICY_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [
        name.slice(0, -'.json'.length),
        JSON.parse(readFileSync(path.join(POLICY_DIR, name), 'utf8')) as Policy,
      ]),
  );
});

/** The simulator's verdict on one request of `unit`'s user. */
async function decide(
  unit: string,
  action: string,
  resource: string,
  context: Record<string, string> = {},
): Promise<string> {
  const response = await runSimulation(
    {
      identityPolicies: [{ name: `snaptrack-storage-${unit}`, policy: policies[unit] }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      request: {
        action,
        principal: `arn:aws:iam::123456789012:user/snaptrack-${unit}`,
        resource: { accountId: '123456789012', resource },
        contextVariables: context,
      },
    },
    {},
  );
  if (response.resultType === 'error') {
    throw new Error(`${unit} ${action} ${resource}: ${JSON.stringify(response.errors)}`);
  }
  return response.overallResult;
}

const objectArn = (key: string) => `arn:aws:s3:::${BUCKET}/${key}`;
const bucketArn = `arn:aws:s3:::${BUCKET}`;

async function mayList(unit: string, prefix: string | null): Promise<boolean> {
  const context: Record<string, string> = prefix === null ? {} : { 's3:prefix': prefix };
  return (await decide(unit, 's3:ListBucket', bucketArn, context)) === 'Allowed';
}

/** The units whose code reaches object storage (the storage provider or the driver itself). */
function unitsUsingStorage(): string[] {
  return BUS_UNITS.filter((unit: string) => {
    const dir = path.join(ROOT, unit === 'gateway' ? 'gateway/src' : `apps/${unit}-service/src`);
    return readdirSync(dir, { recursive: true, withFileTypes: true }).some(
      (entry) =>
        entry.isFile() &&
        /(?<!\.spec)\.ts$/.test(entry.name) &&
        /\b(OBJECT_STORAGE|createObjectStorage)\b/.test(
          readFileSync(path.join(entry.parentPath, entry.name), 'utf8'),
        ),
    );
  });
}

describe('storage policies (deploy/minio/policies)', () => {
  it('exist for exactly the units that use storage, and the grants table covers each', () => {
    expect(Object.keys(policies).sort()).toEqual(unitsUsingStorage().sort());
    expect(Object.keys(GRANTS).sort()).toEqual(Object.keys(policies).sort());
  });

  it('are valid IAM policies for the simulator (a typo in an action fails here)', async () => {
    for (const unit of Object.keys(policies)) {
      await expect(decide(unit, 's3:GetObject', objectArn(KEYS.upload))).resolves.toMatch(
        /Allowed|Denied/,
      );
    }
  });

  describe.each(Object.keys(GRANTS))('%s', (unit) => {
    it('may do with each kind of key exactly what its code does', async () => {
      const granted: string[] = [];
      for (const [kind, key] of Object.entries(KEYS)) {
        for (const action of OBJECT_ACTIONS) {
          if ((await decide(unit, action, objectArn(key))) === 'Allowed') {
            granted.push(`${action} ${kind}`);
          }
        }
      }
      const expected = Object.entries(GRANTS[unit].objects).flatMap(([kind, actions]) =>
        actions.map((action) => `${action} ${kind}`),
      );
      expect(granted.sort()).toEqual(expected.sort());
    });

    it('may list only its own folders, never the whole bucket', async () => {
      const listed: (string | null)[] = [];
      for (const prefix of LISTINGS) if (await mayList(unit, prefix)) listed.push(prefix);
      const expected = LISTINGS.filter(
        (prefix) =>
          prefix !== null && GRANTS[unit].lists.some((folder) => prefix.startsWith(folder)),
      );
      expect(listed).toEqual(expected);
    });

    it('may not change or delete the bucket, its policy or its lifecycle', async () => {
      for (const action of BUCKET_ACTIONS) {
        const resource = action === 's3:ListAllMyBuckets' ? '*' : bucketArn;
        expect(`${action}: ${await decide(unit, action, resource)}`).toBe(
          `${action}: ImplicitlyDenied`,
        );
      }
    });
  });

  it('keep the mail-ingest user from reading receipts/<other user>/…', async () => {
    for (const key of [KEYS.otherUsersUpload, KEYS.otherUsersMailed, KEYS.mailed]) {
      expect(await decide('mail-ingest', 's3:GetObject', objectArn(key))).toBe('ImplicitlyDenied');
    }
    // Nor find their names: it lists mail/ only.
    expect(await mayList('mail-ingest', 'receipts/')).toBe(false);
    expect(await mayList('mail-ingest', `receipts/${other}/`)).toBe(false);
    // And it cannot overwrite or delete an uploaded receipt; mailed ones are its own to write.
    expect(await decide('mail-ingest', 's3:PutObject', objectArn(KEYS.otherUsersUpload))).toBe(
      'ImplicitlyDenied',
    );
    expect(await decide('mail-ingest', 's3:DeleteObject', objectArn(KEYS.otherUsersUpload))).toBe(
      'ImplicitlyDenied',
    );
  });
});

describe('storage users in the deployment files', () => {
  const storageUnits = () => Object.keys(policies).sort();

  it('compose gives each storage unit its own key, and the others none', () => {
    const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), {
      merge: true,
    }) as { services: Record<string, { environment?: Record<string, unknown> }> };
    const keyed = Object.entries(compose.services)
      .filter(([, service]) => service.environment && 'S3_ACCESS_KEY' in service.environment)
      .map(([name, service]) => [name, service.environment!.S3_ACCESS_KEY]);
    expect(keyed.sort()).toEqual(storageUnits().map((unit) => [unit, `snaptrack-${unit}`]));
    for (const [name, service] of Object.entries(compose.services)) {
      const secret = service.environment?.S3_SECRET_KEY;
      const unitEnv = name.toUpperCase().replace(/-/g, '_');
      if (storageUnits().includes(name)) {
        expect(secret).toBe(`\${${unitEnv}_S3_SECRET_KEY:-${name}-storage-local}`);
        // minio-init makes the user with that very secret.
        expect(compose.services['minio-init'].environment?.[`${unitEnv}_S3_SECRET_KEY`]).toBe(
          secret,
        );
      } else {
        expect(`${name}: ${String(secret)}`).toBe(`${name}: undefined`);
      }
    }
  });

  it('Kubernetes gives each storage unit its own key from the Secret, and the others none', () => {
    const k8sDir = path.join(ROOT, 'deploy/k8s');
    const keyed: string[][] = [];
    for (const file of readdirSync(k8sDir).filter((name) => name.endsWith('.yaml'))) {
      for (const document of parseAllDocuments(readFileSync(path.join(k8sDir, file), 'utf8'))) {
        const object = document.toJS() as {
          kind?: string;
          metadata?: { name?: string };
          spec?: { template?: { spec?: { containers?: { env?: EnvVar[] }[] } } };
        } | null;
        const containers = object?.spec?.template?.spec?.containers ?? [];
        for (const env of containers.flatMap((container) => container.env ?? [])) {
          if (env.name.startsWith('S3_')) {
            keyed.push([object!.metadata!.name!, env.name, env.valueFrom?.secretKeyRef?.key ?? '']);
          }
        }
      }
    }
    const expected = storageUnits().flatMap((unit) => {
      const unitEnv = unit.toUpperCase().replace(/-/g, '_');
      return [
        [unit, 'S3_ACCESS_KEY', `${unitEnv}_S3_ACCESS_KEY`],
        [unit, 'S3_SECRET_KEY', `${unitEnv}_S3_SECRET_KEY`],
      ];
    });
    expect(keyed.sort()).toEqual(expected.sort());
  });
});

interface EnvVar {
  name: string;
  valueFrom?: { secretKeyRef?: { key?: string } };
}
