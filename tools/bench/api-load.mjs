// What bench:api measures with, shared by its plain run and its metrics comparison.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { BENCH_USER } from './bench-data.mjs';

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function summarize(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

export const ms = (value) => (Number.isFinite(value) ? value.toFixed(1).padStart(7) : '      -');

/** `connections` clients for `duration` seconds, each request's path from `nextPath()`. */
export async function loadTest(baseUrl, token, nextPath, { connections, duration }) {
  const latencies = [];
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status === 200) latencies.push(responseTime);
  });
  const result = await instance;
  const errors = result.non2xx + result.errors + result.timeouts;
  return { ...summarize(latencies), rps: result.requests.average, errors, count: latencies.length };
}

/** One request at a time, `iterations` times: p50 / p95 / p99 in milliseconds. */
export async function sequential(run, iterations) {
  const latencies = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    await run();
    latencies.push(performance.now() - started);
  }
  return summarize(latencies);
}

export async function signIn(baseUrl) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  return (await login.json()).token;
}

/** A GET that must answer 200, its body read. */
export function getter(baseUrl, token) {
  return async (pathname) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    await response.arrayBuffer();
  };
}

/** CPU seconds (user + system) a process has used, from /proc (Linux; 0 elsewhere). */
export function cpuSeconds(pid) {
  try {
    // Fields after the command name: state is 3rd, utime 14th, stime 15th of the whole line.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
