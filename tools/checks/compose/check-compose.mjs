#!/usr/bin/env node
// `npm run check:compose`: builds the images and runs the compose stack for real, then plays a
// self-hoster's first hour against it (smoke.mjs). Not part of `npm test` (about 10 minutes and
// 15 GB of disk on a fresh machine); run it before a change to deploy/, the Dockerfiles or
// docker-compose.yml lands (docs/development.md).
//
// On Debian as root it installs podman, runc, buildah, debootstrap and docker-compose; pulls
// the base images where a registry answers and otherwise builds stand-ins (base-images.mjs);
// builds the project's images from deploy/Dockerfile.* unchanged; brings the stack up from
// docker-compose.yml as shipped with Debian's docker-compose against podman's Docker API (it
// honours depends_on conditions, healthchecks and profiles); runs the smoke test; takes it all
// down. Prints each step's time and the image sizes. Nothing is left running: containers,
// volumes and the API service go on exit, on failure and on Ctrl-C alike; images stay (cache).
//
//   npm run check:compose                 CHECK_COMPOSE_VERBOSE=1 shows the build output
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../testing/free-port.mjs';
import { BASE_IMAGES, ensureBaseImages } from './base-images.mjs';
import { engineEnv, installPackages, startApiService } from './podman.mjs';
import { printTimings, sh, step } from './run.mjs';
import { FirstHour } from './smoke.mjs';
import { ComposeStack } from './stack.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const stateDir = join(root, 'var/check-compose');
const project = 'snaptrackcheck';
const mailDomain = 'snaptrack.localhost';

if (process.platform !== 'linux') {
  console.error('check:compose: Linux only (Debian, as root)');
  process.exit(2);
}

let stopApi = async () => {};
let stack = null;
let cleaning = null;

/** Takes down whatever this run started; safe to call twice and from a signal. */
function cleanUp() {
  cleaning ??= (async () => {
    if (stack) {
      stack.stopHealthTicker();
      try {
        await stack.down({ volumes: true });
      } catch (error) {
        console.error(`check:compose: down failed: ${error.message}`);
      }
    }
    await stopApi();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\ncheck:compose: ${signal}, taking the stack down`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  mkdirSync(stateDir, { recursive: true });
  const env = engineEnv(stateDir);

  await step('install Debian packages', () => {
    const installed = installPackages();
    console.log(installed.length ? `  installed ${installed.join(' ')}` : '  all present');
  });
  await step('podman system service (Docker API)', async () => {
    stopApi = await startApiService(env, stateDir);
    console.log(
      `  ${sh('podman', ['--version'], { env }).trim()}; ${sh('docker-compose', ['version', '--short'], { env }).trim()} on ${env.DOCKER_HOST}`,
    );
  });
  await step('base images (registry or stand-ins)', async () => {
    for (const line of await ensureBaseImages(env, join(stateDir, 'work')))
      console.log(`  ${line}`);
  });

  const httpPort = await freePort();
  const smtpPort = await freePort();
  const envFile = join(stateDir, 'check.env');
  writeFileSync(
    envFile,
    [
      `JWT_SECRET=${randomBytes(32).toString('hex')}`,
      `HTTP_PORT=${httpPort}`,
      `SMTP_PUBLISH_PORT=${smtpPort}`,
      `RABBITMQ_UI_PORT=${await freePort()}`,
      `MINIO_CONSOLE_PORT=${await freePort()}`,
      `APP_URL=http://127.0.0.1:${httpPort}`,
      `MAIL_DOMAIN=${mailDomain}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  stack = new ComposeStack({ root, project, envFile, env });
  // A previous run killed hard may have left its stack: start from nothing.
  await stack.down({ volumes: true, quiet: true }).catch(() => {});

  await step('project images (deploy/Dockerfile.*)', async () => {
    for (const line of await stack.buildImages()) console.log(`  ${line}`);
  });
  await step('compose up (depends_on, healthchecks)', async () => {
    await stack.up();
    const smoke = new FirstHour({
      stack,
      baseUrl: `http://127.0.0.1:${httpPort}`,
      smtpPort,
      mailDomain,
    });
    await smoke.waitHealthy();
    stack.smoke = smoke;
  });
  await stack.smoke.run();
}

let failed = null;
try {
  await main();
} catch (error) {
  failed = error;
  console.error(`\ncheck:compose: FAIL ${error.message}`);
  if (stack) {
    // The failed ones, and those running again after a crash (a crash-looping service looks
    // "running" and only shows as a smoke step that times out).
    for (const c of stack.containers()) {
      const failed = c.state !== 'running' && !/Exited \(0\)/.test(c.status);
      const restarts = stack.restarts(c.id);
      if (!failed && restarts === 0) continue;
      const why = restarts ? `${c.status}, restarted ${restarts}×` : c.status;
      console.error(`\n--- ${c.service}: ${why}\n${stack.logs(c.service)}`);
    }
    const sick = stack.unhealthy();
    if (sick.length) console.error(`not healthy: ${sick.join(', ')}`);
  }
}
await step('compose down (containers, volumes, API)', () => cleanUp()).catch(() => {});

printTimings();
if (stack) {
  const definitions = stack.config().services;
  const services = Object.keys(definitions).filter((service) => definitions[service].build);
  console.log('\nImage sizes (uncompressed, as podman reports them):');
  for (const line of stack.imageSizeLines(
    BASE_IMAGES.map((image) => image.name),
    services,
  )) {
    console.log(`  ${line}`);
  }
}
rmSync(join(stateDir, 'check.env'), { force: true });
console.log(failed ? '\ncheck:compose: FAILED' : '\ncheck:compose: passed');
process.exit(failed ? 1 : 0);
