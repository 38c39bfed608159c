// The project's images and stack for the compose check: images built with podman from the
// build sections of docker-compose.yml (deploy/Dockerfile.*, unchanged), the stack run by
// Debian's docker-compose against podman's Docker API, and the healthchecks that podman runs
// through systemd timers elsewhere run here by a ticker.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parse } from 'yaml';
import { seconds, sh, shAsync, trySh } from './run.mjs';

/** Go's duration text (`15s`, `1m30s`, `500ms`) in milliseconds; 0 when empty or unknown. */
function durationMs(text) {
  const units = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };
  let total = 0;
  for (const [, value, unit] of String(text).matchAll(/([\d.]+)(h|ms|m|s|us|µs|ns)/g)) {
    total += Number(value) * units[unit];
  }
  return total;
}

export class ComposeStack {
  /** @param {{root: string, project: string, envFile: string, env: NodeJS.ProcessEnv}} options */
  constructor({ root, project, envFile, env }) {
    Object.assign(this, { root, project, envFile, env });
    this.ticker = null;
  }

  composeArgs(args) {
    return [
      '-p',
      this.project,
      '-f',
      join(this.root, 'docker-compose.yml'),
      '--env-file',
      this.envFile,
      ...args,
    ];
  }

  /** docker-compose with this stack's project, file and env file; output captured. */
  compose(args, options = {}) {
    return sh('docker-compose', this.composeArgs(args), { env: this.env, ...options });
  }

  composeAsync(args) {
    return shAsync('docker-compose', this.composeArgs(args), { env: this.env });
  }

  /** The resolved compose file (variables substituted, anchors merged). */
  config() {
    return parse(this.compose(['config']));
  }

  /**
   * Builds every image a service of the compose file builds, once per distinct recipe, and
   * tags it with the name docker-compose gives it (`<project>_<service>`). Answers the lines
   * to print: each recipe's build time and the services that share it.
   */
  async buildImages() {
    const recipes = new Map();
    for (const [service, definition] of Object.entries(this.config().services)) {
      if (!definition.build) continue;
      const { context, dockerfile = 'Dockerfile', args = {} } = definition.build;
      const key = JSON.stringify([context, dockerfile, Object.entries(args).sort()]);
      if (!recipes.has(key)) recipes.set(key, { context, dockerfile, args, services: [] });
      recipes.get(key).services.push(service);
    }
    const lines = [];
    for (const { context, dockerfile, args, services } of recipes.values()) {
      const [first, ...others] = services.map((service) => this.imageOf(service));
      const started = Date.now();
      const buildArgs = Object.entries(args).flatMap(([name, value]) => [
        '--build-arg',
        `${name}=${value}`,
      ]);
      await shAsync(
        'podman',
        ['build', '--layers', '-f', join(context, dockerfile), ...buildArgs, '-t', first, context],
        { env: this.env, quiet: process.env.CHECK_COMPOSE_VERBOSE !== '1' },
      );
      for (const other of others) sh('podman', ['tag', first, other], { env: this.env });
      const argText =
        Object.entries(args)
          .map(([n, v]) => `${n}=${v}`)
          .join(' ') || 'defaults';
      lines.push(
        `${dockerfile} (${argText}): ${seconds(Date.now() - started)} -> ${services.join(', ')}`,
      );
    }
    return lines;
  }

  imageOf(service) {
    return `localhost/${this.project}_${service}:latest`;
  }

  /** Starts the stack (`up -d`, profiles from the env file) and waits for it as compose does. */
  async up() {
    this.startHealthTicker();
    await this.composeAsync(['up', '-d', '--no-build']);
  }

  async down({ volumes = false, quiet = false } = {}) {
    const args = ['down', '--remove-orphans', ...(volumes ? ['--volumes'] : [])];
    if (quiet) this.compose(args);
    else await this.composeAsync(args);
  }

  /** The stack's containers: name, service, state and health. */
  containers() {
    const out = sh(
      'podman',
      [
        'ps',
        '-a',
        '--filter',
        `label=com.docker.compose.project=${this.project}`,
        '--format',
        'json',
      ],
      { env: this.env },
    );
    return JSON.parse(out || '[]').map((c) => ({
      id: c.Id,
      name: c.Names[0],
      service: c.Labels?.['com.docker.compose.service'],
      state: c.State,
      status: c.Status,
    }));
  }

  /** How often the engine has restarted a container (restart: unless-stopped); 0 when unknown. */
  restarts(id) {
    try {
      return Number(
        sh('podman', ['inspect', '--format', '{{.RestartCount}}', id], { env: this.env }).trim(),
      );
    } catch {
      return 0;
    }
  }

  /** Every running container's health ('healthy', 'starting', 'unhealthy' or '' without one). */
  health(id) {
    try {
      return sh('podman', ['inspect', '--format', '{{.State.Health.Status}}', id], {
        env: this.env,
      }).trim();
    } catch {
      return '';
    }
  }

  /**
   * podman runs healthchecks from systemd timers; without systemd nothing runs them, and
   * `depends_on: service_healthy` would wait forever. `podman healthcheck run` does what the
   * timer would, at the container's own interval (so `retries` means what it means under
   * Docker), and every 2 s during its start period, where failures do not count.
   */
  startHealthTicker() {
    if (this.ticker) return;
    const lastRun = new Map();
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        for (const container of this.containers()) {
          if (container.state !== 'running') continue;
          const check = this.healthcheckOf(container.id);
          if (!check) continue;
          const starting = Date.now() - check.startedAt < check.startPeriodMs;
          const every = starting && check.status !== 'healthy' ? 2_000 : check.intervalMs;
          if (Date.now() - (lastRun.get(container.id) ?? check.startedAt) < every) continue;
          lastRun.set(container.id, Date.now());
          await new Promise((resolve) => {
            const child = spawn('podman', ['healthcheck', 'run', container.id], {
              env: this.env,
              stdio: 'ignore',
            });
            child.on('close', resolve);
            child.on('error', resolve);
          });
        }
      } catch {
        // The stack is changing under us (down, restart): the next tick sees the new state.
      } finally {
        busy = false;
      }
    };
    this.ticker = setInterval(tick, 1_000);
  }

  /** A container's healthcheck timing and status, or null when it has none. */
  healthcheckOf(id) {
    try {
      const [status, interval, startPeriod, startedAt] = sh(
        'podman',
        [
          'inspect',
          '--format',
          '{{.State.Health.Status}}|{{.Config.Healthcheck.Interval}}|{{.Config.Healthcheck.StartPeriod}}|{{.State.StartedAt.Unix}}',
          id,
        ],
        { env: this.env },
      )
        .trim()
        .split('|');
      if (!status) return null;
      return {
        status,
        intervalMs: durationMs(interval) || 30_000,
        startPeriodMs: durationMs(startPeriod),
        startedAt: Number(startedAt) * 1000,
      };
    } catch {
      return null;
    }
  }

  stopHealthTicker() {
    clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Waits until every long-running container of the stack runs and reports healthy. */
  unhealthy() {
    return this.containers()
      .filter((c) => c.state !== 'exited' || !/Exited \(0\)/.test(c.status))
      .filter((c) => c.state !== 'running' || !['healthy', ''].includes(this.health(c.id)))
      .map(
        (c) => `${c.service} (${c.state}${c.state === 'running' ? `, ${this.health(c.id)}` : ''})`,
      );
  }

  logs(service, tail = 40) {
    try {
      return this.compose(['logs', '--no-color', '--tail', String(tail), service]);
    } catch (error) {
      return String(error.message);
    }
  }

  inspect(name, format) {
    if (!trySh('podman', ['image', 'exists', name], { env: this.env })) return '';
    return sh('podman', ['image', 'inspect', '--format', format, name], { env: this.env }).trim();
  }

  /**
   * The base images' sizes, then one line per distinct project image (services sharing one
   * image on one line) with its size and what it adds to the image it starts FROM.
   */
  imageSizeLines(baseNames, services) {
    const mb = (bytes) => `${(Number(bytes) / 1e6).toFixed(0)} MB`;
    const lines = baseNames.map(
      (name) => `${name.padEnd(52)} ${mb(this.inspect(name, '{{.Size}}') || NaN).padStart(8)}`,
    );
    const byId = new Map();
    const definitions = this.config().services;
    for (const service of services) {
      const id = this.inspect(this.imageOf(service), '{{.Id}}');
      if (!id) continue;
      if (!byId.has(id))
        byId.set(id, { services: [], dockerfile: definitions[service].build.dockerfile });
      byId.get(id).services.push(service);
    }
    for (const [id, { services: names, dockerfile }] of byId) {
      const size = Number(this.inspect(this.imageOf(names[0]), '{{.Size}}'));
      const base = baseNames.find((name) =>
        (dockerfile.endsWith('.web') ? /nginx/ : /node/).test(name),
      );
      const own = size - Number(this.inspect(base, '{{.Size}}'));
      lines.push(
        `${names.join(', ').padEnd(52)} ${mb(size).padStart(8)}  (+${mb(own)} on ${base.split('/').pop()}; ${id.slice(0, 12)})`,
      );
    }
    return lines;
  }
}
