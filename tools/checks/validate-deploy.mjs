#!/usr/bin/env node
// Checks the deployment files without Docker or a cluster:
//   compose   `docker-compose config -q` on docker-compose.yml, with dummy values for the
//             variables it requires (${VAR:?...})
//   nginx     `nginx -t` on deploy/nginx/nginx.conf, from a temporary prefix (no root paths)
//   headers   every location of nginx.conf includes security-headers.conf, and every header
//             there is sent `always` (nginx drops inherited add_header in a location with its own)
//   logs      nginx access logs write the path without its query (codes, tokens, session ids):
//             the log_format, and a running nginx fed such requests
//   xff       a running nginx hands the gateway X-Forwarded-For from its own connection only,
//             whatever the client wrote there (the gateway's per-IP limits believe it)
//   k8s       every YAML file of deploy/k8s parses; Deployments carry probes and resources;
//             Services select a Deployment; kustomization.yaml lists existing files
//   metrics   the gateway's METRICS_PORT is published nowhere (compose, nginx, Service, Ingress);
//             Node Deployments carry Prometheus scrape annotations for a port they declare
//   alerts    `promtool check config` on deploy/observability/prometheus*.yml, `promtool check
//             rules` on alerts.yml and `promtool test rules` on alerts.test.yml (its unit tests)
//   rabbitmq  definitions.json parses, gives every user a permission on a declared vhost, no
//             user but administrators write on amq.default or go without topic permissions on
//             a topic exchange, and it is what tools/bus-definitions.mjs renders (once built)
// Prints one line per check and exits 1 if any fails. Missing tools (docker-compose, nginx,
// promtool) are
// installed from Debian's packages when running as root.
//
//   node tools/checks/validate-deploy.mjs

import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../testing/free-port.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const composeFile = join(root, 'docker-compose.yml');
const nginxDir = join(root, 'deploy/nginx');
const k8sDir = join(root, 'deploy/k8s');
const definitionsFile = join(root, 'deploy/rabbitmq/definitions.json');
const observabilityDir = join(root, 'deploy/observability');

const results = [];

function report(name, ok, summary, details = '') {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(8)} ${summary}`);
  if (!ok && details.trim()) {
    for (const line of details.trim().split('\n').slice(0, 40)) console.log(`       ${line}`);
  }
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  return {
    status: result.error ? -1 : result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
}

/**
 * Runs a command with its output in a file rather than a pipe: nginx opens /dev/stderr and
 * /dev/stdout (its log targets) while testing, which fails on the socket pairs node uses.
 */
function runToFile(command, args, dir) {
  const logPath = join(dir, `${basename(command)}.out`);
  const fd = openSync(logPath, 'w');
  try {
    const result = spawnSync(command, args, { stdio: ['ignore', fd, fd] });
    return {
      status: result.error ? -1 : result.status,
      output: readFileSync(logPath, 'utf8') + (result.error ? String(result.error) : ''),
    };
  } finally {
    closeSync(fd);
  }
}

/** The command's path: from PATH, or from the sbin folders a non-login PATH may lack. */
function findCommand(command) {
  const found = run('sh', ['-c', `command -v ${command}`]);
  if (found.status === 0) return found.output.trim().split('\n')[0];
  const sbin = ['/usr/sbin', '/sbin', '/usr/local/sbin'].map((dir) => join(dir, command));
  return sbin.find((path) => existsSync(path)) ?? '';
}

let aptUpdated = false;

/**
 * The path of `command`, installing its Debian package first when it is missing.
 * Returns `{ path }` or `{ error }`.
 */
function ensureCommand(command, debianPackage) {
  const present = findCommand(command);
  if (present) return { path: present };
  if (typeof process.getuid !== 'function' || process.getuid() !== 0 || !findCommand('apt-get')) {
    return { error: `${command} not found; install the Debian package ${debianPackage}` };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    const update = run('apt-get', ['update', '-qq'], { env });
    if (update.status !== 0) return { error: `apt-get update failed:\n${update.output}` };
    aptUpdated = true;
  }
  const install = run(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', debianPackage],
    { env },
  );
  const installed = findCommand(command);
  if (install.status !== 0 || !installed) {
    return { error: `apt-get install ${debianPackage} failed:\n${install.output}` };
  }
  console.log(`     (installed the Debian package ${debianPackage})`);
  return { path: installed };
}

// --- compose ---------------------------------------------------------------------------------

function checkCompose() {
  const text = readFileSync(composeFile, 'utf8');
  const required = [
    ...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map((m) => m[1])),
  ];
  const tmp = mkdtempSync(join(tmpdir(), 'snaptrack-compose-'));
  try {
    // Only the dummies: a developer's own .env does not change the result.
    const envFile = join(tmp, 'validate.env');
    writeFileSync(envFile, required.map((name) => `${name}=validate-${'x'.repeat(32)}\n`).join(''));

    const dockerCompose = ensureCommand('docker-compose', 'docker-compose');
    let command = dockerCompose.path ?? '';
    let prefix = [];
    if (!command) {
      // Compose v2 as a docker CLI plugin will do as well.
      if (run('docker', ['compose', 'version']).status !== 0) {
        report('compose', false, 'docker-compose is not available', dockerCompose.error);
        return;
      }
      command = 'docker';
      prefix = ['compose'];
    }
    const version = run(command, [...prefix, 'version', '--short'])
      .output.trim()
      .split('\n')[0];
    const args = [...prefix, '--project-directory', root, '--env-file', envFile];
    const result = run(command, [...args, '-f', composeFile, 'config', '-q'], { cwd: root });
    const services = run(command, [...args, '-f', composeFile, 'config', '--services'], {
      cwd: root,
    });
    const count = services.status === 0 ? services.output.trim().split('\n').length : 0;
    report(
      'compose',
      result.status === 0,
      `${[basename(command), ...prefix].join(' ')} config -q (${version || 'unknown version'}): ` +
        `${count} services; dummy ${required.join(', ') || 'nothing'}`,
      result.output,
    );
    const profiled = run(
      command,
      [...args, '-f', composeFile, '--profile', 'observability', 'config', '-q'],
      { cwd: root },
    );
    const problems = [profiled.status === 0 ? '' : profiled.output, ...observabilityProfile()];
    report(
      'compose',
      problems.every((problem) => !problem),
      '--profile observability config -q; prometheus, grafana, jaeger off by default',
      problems.filter(Boolean).join('\n'),
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Every fixed container address lies in its network's subnet and outside the network's
 * ip_range, the part the engine hands out: else a new container can take it first, and the one
 * it belongs to (nginx on `edge`, the gateway's TRUST_PROXY) cannot start.
 */
function checkFixedAddresses() {
  const parser = loadYamlParser();
  if (!parser) {
    report('compose', false, 'no YAML parser (js-yaml or yaml) to read docker-compose.yml');
    return;
  }
  const compose = parser.loadAll(readFileSync(composeFile, 'utf8'))[0] ?? {};
  const fixed = [];
  const problems = [];
  for (const [service, definition] of Object.entries(compose.services ?? {})) {
    const networks = Array.isArray(definition.networks) ? {} : (definition.networks ?? {});
    for (const [network, settings] of Object.entries(networks)) {
      const address = settings?.ipv4_address;
      if (!address) continue;
      fixed.push(`${service} ${address}`);
      const config = (compose.networks?.[network]?.ipam?.config ?? []).find(
        (entry) => entry.subnet && inSubnet(address, entry.subnet),
      );
      if (!config) problems.push(`${service}: ${address} is in no subnet of network ${network}`);
      else if (!config.ip_range || inSubnet(address, config.ip_range)) {
        problems.push(
          `${service}: ${address} can be handed out to another container on ${network} ` +
            `(ip_range ${config.ip_range ?? 'unset'})`,
        );
      }
    }
  }
  report(
    'compose',
    problems.length === 0,
    `fixed addresses outside the range handed out: ${fixed.join(', ') || 'none'}`,
    problems.join('\n'),
  );
}

/** Whether an IPv4 address lies in a CIDR block. */
function inSubnet(address, cidr) {
  const number = (text) => text.split('.').reduce((total, part) => total * 256 + Number(part), 0);
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(number(base) / size) * size;
  return number(address) >= start && number(address) < start + size;
}

/** The observability services are in the `observability` profile only, and mount files that exist. */
function observabilityProfile() {
  const parser = loadYamlParser();
  if (!parser) return ['no YAML parser (js-yaml or yaml) to read docker-compose.yml'];
  const services = parser.loadAll(readFileSync(composeFile, 'utf8'))[0]?.services ?? {};
  const problems = [];
  for (const name of ['prometheus', 'grafana', 'jaeger']) {
    const service = services[name];
    if (!service) {
      problems.push(`compose: no ${name} service`);
      continue;
    }
    if (JSON.stringify(service.profiles) !== '["observability"]') {
      problems.push(`compose: ${name} is not in the observability profile alone (off by default)`);
    }
    for (const volume of service.volumes ?? []) {
      const source = String(volume).split(':')[0];
      if (source.startsWith('./') && !existsSync(join(root, source))) {
        problems.push(`compose: ${name} mounts ${source}, which does not exist`);
      }
    }
  }
  return problems;
}

// --- nginx -----------------------------------------------------------------------------------

const MINIMAL_MIME_TYPES = `types {
  text/html html;
  text/css css;
  application/javascript js mjs;
  application/json json;
  image/svg+xml svg;
  image/png png;
}
`;

function checkNginx() {
  const { path: nginx, error } = ensureCommand('nginx', 'nginx');
  if (!nginx) {
    report('nginx', false, 'nginx is not available', error);
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'snaptrack-nginx-'));
  try {
    // A copy in a temporary prefix: relative includes resolve beside nginx.conf, and the /tmp
    // paths of the real config (pid, temp files) go to the temporary folder instead.
    for (const file of readdirSync(nginxDir).filter((name) => name.endsWith('.conf'))) {
      const text = readFileSync(join(nginxDir, file), 'utf8').replaceAll('/tmp/', `${tmp}/`);
      writeFileSync(join(tmp, file), text);
    }
    const mimeTypes = existsSync('/etc/nginx/mime.types')
      ? readFileSync('/etc/nginx/mime.types', 'utf8')
      : MINIMAL_MIME_TYPES;
    writeFileSync(join(tmp, 'mime.types'), mimeTypes);

    const confPath = join(tmp, 'nginx.conf');
    const substituted = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const result = runToFile(
        nginx,
        ['-t', '-q', '-e', 'stderr', '-p', `${tmp}/`, '-c', confPath],
        tmp,
      );
      if (result.status === 0) {
        const note = substituted.length
          ? `; upstream ${substituted.join(', ')} tested as 127.0.0.1 (resolved at start-up)`
          : '';
        const version = run(nginx, ['-v']).output.trim().replace('nginx version: ', '');
        report('nginx', true, `nginx -t deploy/nginx/nginx.conf (${version})${note}`);
        return;
      }
      // nginx resolves upstream host names while testing; compose and Kubernetes names do not
      // resolve here, so test those lines with 127.0.0.1 in the copy only.
      const missing = /host not found in upstream "([^":]+)(?::\d+)?"/.exec(result.output);
      if (!missing || substituted.includes(missing[1])) {
        report('nginx', false, 'nginx -t deploy/nginx/nginx.conf', result.output);
        return;
      }
      const host = missing[1];
      substituted.push(host);
      const text = readFileSync(confPath, 'utf8').replace(
        new RegExp(`(\\bserver\\s+)${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[:\\s;])`, 'g'),
        '$1127.0.0.1',
      );
      writeFileSync(confPath, text);
    }
    report('nginx', false, 'nginx -t deploy/nginx/nginx.conf: too many unresolvable upstreams');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** No log_format of nginx.conf may write a query string or the raw request line (secrets). */
function checkLogFormat() {
  const conf = readFileSync(join(nginxDir, 'nginx.conf'), 'utf8').replace(/#.*$/gm, '');
  const formats = [...conf.matchAll(/log_format\s+\S+([^;]*);/g)].map((match) => match[1]);
  const leaking = formats.filter((format) =>
    /\$(request|request_uri|args|query_string|arg_\w+|http_referer|http_cookie|http_authorization)\b/.test(
      format,
    ),
  );
  const unformatted = /^\s*access_log\s+(?!off\b)\S+\s*;/m.test(conf);
  report(
    'nginx logs',
    formats.length > 0 && leaking.length === 0 && !unformatted,
    'access logs write the path without its query (no $request, $request_uri, $args, cookies)',
    leaking.length || unformatted
      ? `leaking: ${leaking.join(' | ') || 'an access_log without the snaptrack format'}`
      : undefined,
  );
}

/**
 * Lays the shipped nginx config out under the prefix `tmp` (listening on loopback `port`,
 * proxying to `upstream`, logging to files there) and starts nginx from it.
 */
function startShippedNginx(nginx, tmp, { port, upstream, accessLog }) {
  for (const file of readdirSync(nginxDir).filter((name) => name.endsWith('.conf'))) {
    const text = readFileSync(join(nginxDir, file), 'utf8')
      .replaceAll('/tmp/', `${tmp}/`)
      .replace(/access_log \/dev\/stdout/g, `access_log ${accessLog}`)
      .replace(/error_log \/dev\/stderr/g, `error_log ${join(tmp, 'error.log')}`)
      .replace(/listen 8080;/g, `listen 127.0.0.1:${port};`)
      .replace(/server gateway:8080;/g, `server ${upstream};`);
    writeFileSync(join(tmp, file), text);
  }
  writeFileSync(
    join(tmp, 'mime.types'),
    existsSync('/etc/nginx/mime.types')
      ? readFileSync('/etc/nginx/mime.types', 'utf8')
      : MINIMAL_MIME_TYPES,
  );
  return runToFile(
    nginx,
    ['-e', join(tmp, 'error.log'), '-p', `${tmp}/`, '-c', join(tmp, 'nginx.conf')],
    tmp,
  );
}

/**
 * Runs nginx.conf for real (temporary prefix, a free loopback port, a dead upstream) and sends
 * the requests whose queries and paths carry secrets: the access log must show none of them.
 */
async function checkAccessLog() {
  const { path: nginx } = ensureCommand('nginx', 'nginx');
  if (!nginx) return; // reported by checkNginx
  const tmp = mkdtempSync(join(tmpdir(), 'snaptrack-nginx-log-'));
  const port = await freePort();
  const accessLog = join(tmp, 'access.log');
  try {
    const started = startShippedNginx(nginx, tmp, { port, upstream: '127.0.0.1:9', accessLog });
    if (started.status !== 0) {
      report(
        'nginx log',
        false,
        'nginx did not start with deploy/nginx/nginx.conf',
        started.output,
      );
      return;
    }
    const secrets = ['SETUPTOKEN0001', 'OOBCODE0002', 'OIDCCODE0003', 'OIDCSTATE0004', 'LCS0005'];
    const paths = [
      `/setup-password?token=${secrets[0]}&email=a%40b.c`,
      `/login?mode=resetPassword&oobCode=${secrets[1]}`,
      `/api/auth/oidc/google/callback?code=${secrets[2]}&state=${secrets[3]}`,
      `/api/billing/local/checkout/${secrets[4]}/pay`,
    ];
    for (const path of paths) {
      await fetch(`http://127.0.0.1:${port}${path}`).catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : '';
    const leaked = secrets.filter((secret) => log.includes(secret));
    const lines = log.split('\n').filter(Boolean).length;
    report(
      'nginx log',
      lines === paths.length && leaked.length === 0 && log.includes('/setup-password HTTP'),
      `a running nginx logs ${lines} requests with codes in their query or path, none of the codes`,
      leaked.length ? `leaked: ${leaked.join(', ')}\n${log}` : log,
    );
  } finally {
    const pidFile = join(tmp, 'nginx.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      if (pid > 0) process.kill(pid, 'SIGQUIT');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Runs nginx.conf for real in front of a stand-in gateway that records X-Forwarded-For: a
 * client that writes its own header must arrive as the address nginx saw, nothing else.
 */
async function checkForwardedFor() {
  const { path: nginx } = ensureCommand('nginx', 'nginx');
  if (!nginx) return; // reported by checkNginx
  const tmp = mkdtempSync(join(tmpdir(), 'snaptrack-nginx-xff-'));
  const seen = [];
  const upstream = createServer((req, res) => {
    seen.push(req.headers['x-forwarded-for']);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const [port, upstreamPort] = [await freePort(), await freePort()];
  await new Promise((done) => upstream.listen(upstreamPort, '127.0.0.1', done));
  try {
    const started = startShippedNginx(nginx, tmp, {
      port,
      upstream: `127.0.0.1:${upstreamPort}`,
      accessLog: join(tmp, 'access.log'),
    });
    if (started.status !== 0) {
      report('xff', false, 'nginx did not start with deploy/nginx/nginx.conf', started.output);
      return;
    }
    for (const forged of ['203.0.113.9', '203.0.113.9, 10.0.0.1', '']) {
      await fetch(`http://127.0.0.1:${port}/api/feedback`, {
        headers: forged ? { 'x-forwarded-for': forged } : {},
      }).catch(() => undefined);
    }
    report(
      'xff',
      seen.length === 3 && seen.every((value) => value === '127.0.0.1'),
      "a running nginx sends the gateway X-Forwarded-For from its own connection, never the client's",
      `the gateway saw: ${JSON.stringify(seen)}`,
    );
  } finally {
    const pidFile = join(tmp, 'nginx.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      if (pid > 0) process.kill(pid, 'SIGQUIT');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await new Promise((done) => upstream.close(done));
    rmSync(tmp, { recursive: true, force: true });
  }
}

function checkHeaders() {
  const problems = [];
  const conf = readFileSync(join(nginxDir, 'nginx.conf'), 'utf8').replace(/#.*$/gm, '');
  const headers = readFileSync(join(nginxDir, 'security-headers.conf'), 'utf8').replace(
    /#.*$/gm,
    '',
  );

  // Each `location ... {` block (they do not nest here) must include the header file.
  const locations = [...conf.matchAll(/location\s+([^{]+)\{([^}]*)\}/g)];
  for (const [, where, body] of locations) {
    if (!/include\s+security-headers\.conf\s*;/.test(body)) {
      problems.push(`location ${where.trim()} does not include security-headers.conf`);
    }
  }
  // add_header NAME VALUE [always]; where VALUE may be a quoted string holding `;`.
  const addHeaders = [
    ...headers.matchAll(
      /add_header\s+(\S+)\s+("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s;]+)\s*([^;]*);/g,
    ),
  ];
  for (const [, name, , flags] of addHeaders) {
    if (flags.trim() !== 'always') problems.push(`${name} is not sent "always"`);
  }
  const names = addHeaders.map((m) => m[1].toLowerCase());
  for (const name of [
    'strict-transport-security',
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'permissions-policy',
  ]) {
    if (!names.includes(name)) problems.push(`security-headers.conf lacks ${name}`);
  }
  const csp = /Content-Security-Policy\s+"([^"]+)"/.exec(headers)?.[1] ?? '';
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    if (!csp.includes(directive)) problems.push(`CSP lacks ${directive}`);
  }
  if (!/^\s*server_tokens\s+off\s*;/m.test(conf)) problems.push('server_tokens is not off');
  report(
    'headers',
    problems.length === 0,
    problems.length === 0
      ? `all ${locations.length} locations include security-headers.conf; its ${addHeaders.length} headers are all "always"`
      : 'security headers of deploy/nginx',
    problems.join('\n'),
  );
}

// --- metrics ---------------------------------------------------------------------------------

/**
 * The gateway's /metrics is on METRICS_PORT, which must never be public: compose does not
 * publish it and nginx does not proxy to it; in k8s the gateway's Service (what the Ingress
 * routes to) does not carry it. Every Node Deployment is annotated for Prometheus with a port
 * its container declares (docs/operations.md, Metrics).
 */
function checkMetrics() {
  const parser = loadYamlParser();
  if (!parser) {
    report('metrics', false, 'no YAML parser (js-yaml or yaml) to read the deployment files');
    return;
  }
  const problems = [];
  const compose = parser.loadAll(readFileSync(composeFile, 'utf8'))[0];
  const gateway = compose?.services?.gateway ?? {};
  const metricsPort = String(gateway.environment?.METRICS_PORT ?? '');
  if (!/^[1-9]\d*$/.test(metricsPort)) problems.push('compose: gateway sets no METRICS_PORT');
  if (metricsPort === String(gateway.environment?.PORT)) {
    problems.push('compose: gateway METRICS_PORT is its public PORT');
  }
  for (const published of gateway.ports ?? []) {
    if (String(published).split(':').pop() === metricsPort) {
      problems.push(`compose: gateway publishes its metrics port (${published})`);
    }
  }
  for (const name of readdirSync(nginxDir).filter((file) => file.endsWith('.conf'))) {
    const text = readFileSync(join(nginxDir, name), 'utf8');
    if (metricsPort && new RegExp(`gateway:${metricsPort}\\b`).test(text)) {
      problems.push(`deploy/nginx/${name}: proxies to the gateway's metrics port`);
    }
  }

  const docs = yamlFiles(k8sDir).flatMap((file) =>
    parser.loadAll(readFileSync(file, 'utf8')).filter(Boolean),
  );
  let k8sMetricsPort;
  for (const doc of docs.filter((d) => d.kind === 'Deployment')) {
    const template = doc.spec?.template ?? {};
    const container = template.spec?.containers?.[0] ?? {};
    if (!(container.args ?? []).includes('node')) continue;
    const where = `k8s Deployment ${doc.metadata?.name}`;
    const annotations = template.metadata?.annotations ?? {};
    const ports = (container.ports ?? []).map((port) => String(port.containerPort));
    if (annotations['prometheus.io/scrape'] !== 'true') {
      problems.push(`${where}: no prometheus.io/scrape annotation`);
    }
    if (annotations['prometheus.io/path'] !== '/metrics') {
      problems.push(`${where}: prometheus.io/path is not /metrics`);
    }
    if (!ports.includes(String(annotations['prometheus.io/port']))) {
      problems.push(`${where}: prometheus.io/port is not a port of its container`);
    }
    if (doc.metadata?.name === 'gateway') {
      const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
      k8sMetricsPort = env.METRICS_PORT;
      if (!k8sMetricsPort || k8sMetricsPort === env.PORT) {
        problems.push(`${where}: METRICS_PORT unset or the public PORT`);
      }
      if (annotations['prometheus.io/port'] !== k8sMetricsPort) {
        problems.push(`${where}: Prometheus does not scrape METRICS_PORT`);
      }
    }
  }
  const gatewayService = docs.find((d) => d.kind === 'Service' && d.metadata?.name === 'gateway');
  for (const port of gatewayService?.spec?.ports ?? []) {
    const target = String(port.targetPort ?? port.port);
    if (target === 'metrics' || target === k8sMetricsPort) {
      problems.push('k8s Service gateway (the Ingress backend) exposes the metrics port');
    }
  }
  for (const ingress of docs.filter((d) => d.kind === 'Ingress')) {
    for (const rule of ingress.spec?.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const port = path.backend?.service?.port ?? {};
        if (port.name === 'metrics' || String(port.number) === k8sMetricsPort) {
          problems.push(`k8s Ingress ${ingress.metadata?.name}: routes ${path.path} to metrics`);
        }
      }
    }
  }
  report(
    'metrics',
    problems.length === 0,
    `gateway /metrics on its own port (${metricsPort || '?'}), not published; Node pods annotated`,
    problems.join('\n'),
  );
}

// --- alerts ----------------------------------------------------------------------------------

/**
 * The Prometheus configs, the alert rules and their unit tests, by Prometheus' own promtool.
 * Debian builds Prometheus without Kubernetes service discovery, so its promtool rejects
 * `kubernetes_sd_configs`: the k8s config is then checked with that section taken out (the rest
 * by promtool, the section's shape here) and the line says so.
 */
function checkAlerts() {
  const promtool = ensureCommand('promtool', 'prometheus');
  if (!promtool.path) {
    report('alerts', false, 'promtool is not available', promtool.error);
    return;
  }
  const version = /version (\S+)/.exec(run(promtool.path, ['--version']).output)?.[1] ?? '?';
  const problems = [];
  const notes = [];
  const tmp = mkdtempSync(join(tmpdir(), 'snaptrack-promtool-'));
  try {
    const configs = readdirSync(observabilityDir).filter((f) => /^prometheus.*\.yml$/.test(f));
    for (const name of configs) {
      const file = join(observabilityDir, name);
      let result = run(promtool.path, ['check', 'config', file], { cwd: observabilityDir });
      if (result.status !== 0 && /kubernetes_sd_configs not found/.test(result.output)) {
        const stripped = withoutKubernetesDiscovery(readFileSync(file, 'utf8'), problems, name);
        const copy = join(tmp, name);
        writeFileSync(copy, stripped);
        writeFileSync(join(tmp, 'alerts.yml'), readFileSync(join(observabilityDir, 'alerts.yml')));
        result = run(promtool.path, ['check', 'config', copy], { cwd: tmp });
        notes.push(`${name} without kubernetes_sd_configs (not in Debian's build)`);
      }
      if (result.status !== 0) problems.push(`promtool check config ${name}:\n${result.output}`);
    }
    if (configs.length === 0) problems.push('no deploy/observability/prometheus*.yml');
    const rules = run(promtool.path, ['check', 'rules', 'alerts.yml'], { cwd: observabilityDir });
    if (rules.status !== 0) problems.push(`promtool check rules alerts.yml:\n${rules.output}`);
    const tests = run(promtool.path, ['test', 'rules', 'alerts.test.yml'], {
      cwd: observabilityDir,
    });
    if (tests.status !== 0) problems.push(`promtool test rules alerts.test.yml:\n${tests.output}`);
    const alertCount = (
      readFileSync(join(observabilityDir, 'alerts.yml'), 'utf8').match(/- alert:/g) ?? []
    ).length;
    report(
      'alerts',
      problems.length === 0,
      `promtool ${version}: check config (${configs.join(', ')}), check rules, test rules ` +
        `(${alertCount} alerts)${notes.length ? `; ${notes.join('; ')}` : ''}`,
      problems.join('\n'),
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The config with its kubernetes_sd_configs removed (scrape jobs left without targets get an
 * empty static_configs), after checking each one names the pod role and keeps only annotated
 * pods.
 */
function withoutKubernetesDiscovery(text, problems, name) {
  const parser = loadYamlParser();
  if (!parser) {
    problems.push('no YAML parser (js-yaml or yaml) to read the Prometheus config');
    return text;
  }
  const config = parser.loadAll(text)[0] ?? {};
  for (const job of config.scrape_configs ?? []) {
    if (!job.kubernetes_sd_configs) continue;
    if (!job.kubernetes_sd_configs.every((sd) => sd.role === 'pod')) {
      problems.push(`${name} job ${job.job_name}: kubernetes_sd_configs role is not pod`);
    }
    const keepsAnnotated = (job.relabel_configs ?? []).some(
      (rule) =>
        rule.action === 'keep' &&
        (rule.source_labels ?? []).includes(
          '__meta_kubernetes_pod_annotation_prometheus_io_scrape',
        ),
    );
    if (!keepsAnnotated) {
      problems.push(`${name} job ${job.job_name}: does not keep only prometheus.io/scrape pods`);
    }
    delete job.kubernetes_sd_configs;
    job.static_configs = [];
  }
  return JSON.stringify(config);
}

// --- k8s -------------------------------------------------------------------------------------

function loadYamlParser() {
  const require = createRequire(join(root, 'package.json'));
  for (const name of ['js-yaml', 'yaml']) {
    try {
      const parser = require(name);
      if (typeof parser.loadAll === 'function') {
        return { name, loadAll: (text) => parser.loadAll(text) };
      }
      if (typeof parser.parseAllDocuments === 'function') {
        return {
          name,
          loadAll: (text) =>
            parser.parseAllDocuments(text).map((doc) => {
              if (doc.errors.length) throw new Error(doc.errors[0].message);
              return doc.toJS();
            }),
        };
      }
    } catch {
      // not installed: try the next one
    }
  }
  return null;
}

function yamlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

function checkK8s() {
  const files = yamlFiles(k8sDir).sort();
  const parser = loadYamlParser();
  const problems = [];
  const docs = [];

  for (const file of files) {
    const name = relative(root, file);
    const text = readFileSync(file, 'utf8');
    if (/^\t/m.test(text)) problems.push(`${name}: tab indentation`);
    if (!parser) {
      // No YAML parser installed: a structural check only.
      for (const chunk of text.split(/^---\s*$/m)) {
        const body = chunk.replace(/^\s*#.*$/gm, '').trim();
        if (!body) continue;
        if (!/^apiVersion:/m.test(body) || !/^kind:/m.test(body)) {
          problems.push(`${name}: a document without apiVersion or kind`);
        }
      }
      continue;
    }
    try {
      for (const doc of parser.loadAll(text)) {
        if (doc !== null && doc !== undefined) docs.push({ file: name, doc });
      }
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    }
  }

  if (parser) problems.push(...checkK8sObjects(docs));
  report(
    'k8s',
    problems.length === 0,
    `${files.length} YAML files under deploy/k8s, ${docs.length} objects` +
      (parser ? ` (parsed with ${parser.name})` : ' (no YAML parser found: structure only)'),
    problems.join('\n'),
  );
}

function checkK8sObjects(docs) {
  const problems = [];
  const deployments = [];
  for (const { file, doc } of docs) {
    const where = `${file}: ${doc.kind ?? '?'} ${doc.metadata?.name ?? '?'}`;
    if (doc.kind === 'Kustomization') {
      for (const resource of doc.resources ?? []) {
        if (!existsSync(join(k8sDir, resource))) problems.push(`${where}: no file ${resource}`);
      }
      continue;
    }
    if (!doc.apiVersion || !doc.kind || !doc.metadata?.name) {
      problems.push(`${where}: apiVersion, kind and metadata.name are required`);
      continue;
    }
    if (doc.kind === 'Deployment' || doc.kind === 'Job') {
      const pod = doc.spec?.template?.spec;
      for (const container of pod?.containers ?? []) {
        if (!container.resources?.requests || !container.resources?.limits) {
          problems.push(`${where}: container ${container.name} lacks resource requests/limits`);
        }
        if (doc.kind === 'Deployment' && (!container.readinessProbe || !container.livenessProbe)) {
          problems.push(`${where}: container ${container.name} lacks readiness/liveness probes`);
        }
      }
      if (doc.kind === 'Deployment') {
        const selector = doc.spec?.selector?.matchLabels ?? {};
        const labels = doc.spec?.template?.metadata?.labels ?? {};
        for (const [key, value] of Object.entries(selector)) {
          if (labels[key] !== value) problems.push(`${where}: selector ${key} matches no label`);
        }
        deployments.push(labels);
      }
    }
  }
  for (const { file, doc } of docs) {
    if (doc.kind !== 'Service' || !doc.spec?.selector) continue;
    const selector = Object.entries(doc.spec.selector);
    const matched = deployments.some((labels) => selector.every(([k, v]) => labels[k] === v));
    if (!matched) problems.push(`${file}: Service ${doc.metadata.name} selects no Deployment`);
  }
  return problems;
}

// --- rabbitmq --------------------------------------------------------------------------------

function checkRabbitDefinitions() {
  const problems = [];
  let definitions;
  try {
    definitions = JSON.parse(readFileSync(definitionsFile, 'utf8'));
  } catch (error) {
    report('rabbitmq', false, 'deploy/rabbitmq/definitions.json', String(error));
    return;
  }
  const vhosts = new Set((definitions.vhosts ?? []).map((v) => v.name));
  const topicExchanges = (definitions.exchanges ?? []).filter((e) => e.type === 'topic');
  for (const user of definitions.users ?? []) {
    const permissions = (definitions.permissions ?? []).filter((p) => p.user === user.name);
    if (!permissions.some((p) => vhosts.has(p.vhost))) {
      problems.push(`user ${user.name} has no permission on a declared vhost`);
    }
    if ((user.tags ?? []).includes('administrator')) continue;
    // A publish to the default exchange reaches any queue (docs/security.md, "Message bus").
    if (permissions.some((p) => new RegExp(p.write).test('amq.default'))) {
      problems.push(`user ${user.name} may write to amq.default`);
    }
    for (const exchange of topicExchanges) {
      const limited = (definitions.topic_permissions ?? []).some(
        (t) => t.user === user.name && t.exchange === exchange.name,
      );
      if (!limited) problems.push(`user ${user.name} has no topic permission on ${exchange.name}`);
    }
  }
  // The committed file is the renderer's output (without passwords): the matrix lives in
  // tools/lib/bus-users.mjs, the topology in libs/nest/rmq. It needs the built libraries.
  if (existsSync(join(root, 'libs/nest/rmq/dist/index.js'))) {
    const rendered = run(process.execPath, [
      join(root, 'tools/bus-definitions.mjs'),
      '--check',
      definitionsFile,
    ]);
    if (rendered.status !== 0) problems.push(rendered.output.trim());
  } else {
    console.log('     rabbitmq: libs not built, definitions.json not compared with its renderer');
  }
  report(
    'rabbitmq',
    problems.length === 0,
    `definitions.json: ${vhosts.size} vhost, ${(definitions.users ?? []).length} users`,
    problems.join('\n'),
  );
}

checkCompose();
checkFixedAddresses();
checkNginx();
checkHeaders();
checkLogFormat();
await checkAccessLog();
await checkForwardedFor();
checkK8s();
checkMetrics();
checkAlerts();
checkRabbitDefinitions();

const failed = results.filter((ok) => !ok).length;
console.log(
  failed
    ? `validate-deploy: ${failed} of ${results.length} checks failed`
    : 'validate-deploy: all checks passed',
);
process.exitCode = failed ? 1 : 0;
