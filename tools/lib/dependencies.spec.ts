import { describe, expect, it } from '@jest/globals';
import { DependencyError, describeUrl, ensureDependencies, planFor } from './dependencies.mjs';
import { parseClusters, withTrustLines, TRUST_LINES } from './local-services.mjs';
import { postgresFailure, rabbitmqFailure } from './probes.mjs';

const LOCAL = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/snaptrack',
  rabbitmqUrl: 'amqp://guest:guest@127.0.0.1:5672',
};

interface Dep {
  installed: boolean;
  running: boolean;
  refuses?: boolean;
  /** What installing it leaves: the Debian package may start the server itself. */
  startsOnInstall?: boolean;
  /** A fresh Postgres refuses our password-less login until trust is set up. */
  refusesUntilTrusted?: boolean;
  startFails?: boolean;
}

/** A machine in a given state, recording what the check does to it. */
function fakeSystem(
  state: { postgres: Dep; rabbitmq: Dep },
  { root = true, debian = true, installFails = false } = {},
) {
  const actions: string[] = [];
  const probe = (dep: Dep) =>
    Promise.resolve(!dep.running ? 'down' : dep.refuses ? 'refused' : 'up');
  const install = (dep: Dep) => {
    dep.installed = true;
    if (dep.startsOnInstall) dep.running = true;
    if (dep.refusesUntilTrusted) dep.refuses = true;
  };
  const start = (name: string, dep: Dep) => {
    actions.push(`start ${name}`);
    if (dep.startFails) throw new Error('it crashed');
    dep.running = true;
    return `${name} started`;
  };
  const system = {
    probePostgres: () => probe(state.postgres),
    probeRabbitmq: () => probe(state.rabbitmq),
    isRoot: () => root,
    isDebian: () => debian,
    postgresInstalled: () => state.postgres.installed,
    rabbitmqInstalled: () => state.rabbitmq.installed,
    postgresCluster: () =>
      state.postgres.installed
        ? { version: '15', name: 'main', port: 5432, online: state.postgres.running }
        : undefined,
    installPackages: (packages: string[]) => {
      actions.push(`install ${packages.join(' ')}`);
      if (installFails) throw new Error('apt-get install failed');
      if (packages.includes('postgresql')) install(state.postgres);
      if (packages.includes('rabbitmq-server')) install(state.rabbitmq);
    },
    trustLocalPostgres: () => {
      actions.push('trust postgres');
      state.postgres.refuses = false;
    },
    startPostgres: () => start('postgres', state.postgres),
    startRabbitmq: () => start('rabbitmq', state.rabbitmq),
    sleep: () => Promise.resolve(),
  };
  return { system, actions };
}

// The fake has the real system's shape; its own (looser) types need not match the JS inference.
const check = (system: object, urls = LOCAL) =>
  ensureDependencies({ ...urls, system: system as never, log: () => true, startTimeoutMs: 0 });

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DependencyError);
  return (error as Error).message;
}

describe('planFor', () => {
  const base = { probe: 'down', local: true, installed: true, root: true, debian: true };
  it.each([
    [{ probe: 'up' }, 'nothing'],
    [{ probe: 'refused' }, 'fail:refused'],
    [{ local: false }, 'fail:remote'],
    [{}, 'start'],
    [{ root: false }, 'fail:not-root'],
    [{ installed: false }, 'install'],
    [{ installed: false, root: false }, 'fail:not-root'],
    [{ installed: false, debian: false }, 'fail:not-debian'],
    // Installed on a non-Debian machine: starting needs only the tools we found.
    [{ debian: false }, 'start'],
  ])('%o -> %s', (change, plan) => {
    expect(planFor({ ...base, ...change })).toBe(plan);
  });
});

describe('ensureDependencies', () => {
  it('does nothing but probe when both run', async () => {
    const { system, actions } = fakeSystem({
      postgres: { installed: true, running: true },
      rabbitmq: { installed: true, running: true },
    });
    await expect(check(system)).resolves.toEqual([]);
    expect(actions).toEqual([]);
  });

  it('starts what is installed but stopped', async () => {
    const { system, actions } = fakeSystem({
      postgres: { installed: true, running: false },
      rabbitmq: { installed: true, running: false },
    });
    await expect(check(system)).resolves.toEqual([
      'started Postgres (postgres started)',
      'started RabbitMQ (rabbitmq started)',
    ]);
    expect(actions).toEqual(['start postgres', 'start rabbitmq']);
  });

  it('installs both in one go, trusts local logins of the fresh Postgres, starts what is down', async () => {
    const { system, actions } = fakeSystem({
      postgres: {
        installed: false,
        running: false,
        startsOnInstall: true,
        refusesUntilTrusted: true,
      },
      rabbitmq: { installed: false, running: false },
    });
    await expect(check(system)).resolves.toEqual([
      'installed Postgres (Debian package postgresql)',
      'installed RabbitMQ (Debian package rabbitmq-server)',
      'started RabbitMQ (rabbitmq started)',
    ]);
    expect(actions).toEqual([
      'install postgresql rabbitmq-server',
      'trust postgres',
      'start rabbitmq',
    ]);
  });

  it('names the apt-get command when installing fails', async () => {
    const { system } = fakeSystem(
      {
        postgres: { installed: true, running: true },
        rabbitmq: { installed: false, running: false },
      },
      { installFails: true },
    );
    const message = await failure(check(system));
    expect(message).toContain('Run: apt-get update && apt-get install -y rabbitmq-server');
  });

  it('tells a user who is not root the sudo commands, and touches nothing', async () => {
    const { system, actions } = fakeSystem(
      {
        postgres: { installed: false, running: false },
        rabbitmq: { installed: true, running: false },
      },
      { root: false },
    );
    const message = await failure(check(system));
    expect(message).toBe(
      'Postgres is not reachable at postgres@127.0.0.1:5432. RabbitMQ is not reachable at guest@127.0.0.1:5672. ' +
        'Run: sudo apt-get update && sudo apt-get install -y postgresql && ' +
        '(sudo rabbitmqctl start_app || sudo service rabbitmq-server start) ' +
        '(or set DATABASE_URL and RABBITMQ_URL to ones that run), then try again.',
    );
    expect(actions).toEqual([]);
  });

  it('off Debian, names a container to run', async () => {
    const { system, actions } = fakeSystem(
      {
        postgres: { installed: true, running: true },
        rabbitmq: { installed: false, running: false },
      },
      { debian: false },
    );
    const message = await failure(check(system));
    expect(message).toContain('not a Debian machine');
    expect(message).toContain('Run: docker run -d --name snaptrack-rabbitmq -p 5672:5672');
    expect(actions).toEqual([]);
  });

  it('never installs for an address on another machine', async () => {
    const { system, actions } = fakeSystem({
      postgres: { installed: false, running: false },
      rabbitmq: { installed: true, running: true },
    });
    const message = await failure(
      check(system, { ...LOCAL, databaseUrl: 'postgres://app:s3cret@db.internal:6432/snaptrack' }),
    );
    expect(message).toBe(
      'Postgres is not reachable at app@db.internal:6432: start it there, or set DATABASE_URL to one that runs.',
    );
    expect(message).not.toContain('s3cret');
    expect(actions).toEqual([]);
  });

  it('explains trust auth when a running local Postgres refuses the password-less login', async () => {
    const { system, actions } = fakeSystem({
      postgres: { installed: true, running: true, refuses: true },
      rabbitmq: { installed: true, running: true },
    });
    const message = await failure(check(system));
    expect(message).toContain(
      "Run: sed -i '1i host all all 127.0.0.1/32 trust' /etc/postgresql/15/main/pg_hba.conf && pg_ctlcluster 15 main reload",
    );
    // An existing cluster's authentication is the owner's to change, never ours.
    expect(actions).toEqual([]);
  });

  it('reports a start that fails, with the command to run by hand', async () => {
    const { system } = fakeSystem({
      postgres: { installed: true, running: true },
      rabbitmq: { installed: true, running: false, startFails: true },
    });
    const message = await failure(check(system));
    expect(message).toBe(
      'RabbitMQ is not reachable at guest@127.0.0.1:5672 and starting it failed (it crashed). ' +
        'Run: (rabbitmqctl start_app || service rabbitmq-server start) and fix what it reports, then try again.',
    );
  });

  it('reports a server that was started but never answers', async () => {
    const { system } = fakeSystem({
      postgres: { installed: true, running: false },
      rabbitmq: { installed: true, running: true },
    });
    system.startPostgres = () => 'pg_ctlcluster 15 main start'; // "starts" but stays down
    const message = await failure(check(system));
    expect(message).toContain(
      'Postgres was started (pg_ctlcluster 15 main start) but does not answer',
    );
    expect(message).toContain('Run: pg_ctlcluster 15 main start and read its log');
  });
});

describe('helpers', () => {
  it('tells a Postgres that refuses us from one that is not there', () => {
    const refused = [
      { code: '28P01', message: 'password authentication failed for user "postgres"' },
      { code: '28000', message: 'no pg_hba.conf entry for host "127.0.0.1"' },
      // Debian's default asks for a password the URL does not have: pg gives up by itself.
      { message: 'SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string' },
    ];
    const down = [
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { message: 'Connection terminated due to connection timeout' },
      { code: '57P03', message: 'the database system is starting up' },
    ];
    for (const error of refused) expect(postgresFailure(error)).toBe('refused');
    for (const error of down) expect(postgresFailure(error)).toBe('down');
  });

  it('tells a RabbitMQ that refuses us from one that is not there', () => {
    const refused = [
      'Handshake terminated by server: 403 (ACCESS-REFUSED) with message "ACCESS_REFUSED - Login was refused"',
      // A virtual host that does not exist, or that the user may not open.
      'Expected ConnectionOpenOk; got <ConnectionClose channel:0>',
    ];
    const down = ['connect ECONNREFUSED 127.0.0.1:5672', 'timed out', 'Socket closed abruptly'];
    for (const message of refused) expect(rabbitmqFailure({ message })).toBe('refused');
    for (const message of down) expect(rabbitmqFailure({ message })).toBe('down');
  });

  it('describes a URL without its password', () => {
    expect(describeUrl('amqp://svc:hunter2@mq:5672/snaptrack', 5672)).toBe('svc@mq:5672');
    expect(describeUrl('postgres://127.0.0.1/x', 5432)).toBe('127.0.0.1:5432');
  });

  it('reads pg_lsclusters', () => {
    expect(
      parseClusters(
        '15 main 5432 online postgres /var/lib/postgresql/15/main /var/log/x.log\n16 other 5433 down postgres /d /l\n',
      ),
    ).toEqual([
      { version: '15', name: 'main', port: 5432, online: true },
      { version: '16', name: 'other', port: 5433, online: false },
    ]);
  });

  it('puts the trust lines first in pg_hba.conf, once', () => {
    const hba = 'local all postgres peer\nhost all all 127.0.0.1/32 scram-sha-256\n';
    const once = withTrustLines(hba);
    expect(once.startsWith(TRUST_LINES.join('\n'))).toBe(true);
    expect(once.endsWith(hba)).toBe(true);
    expect(withTrustLines(once)).toBe(once);
  });
});
