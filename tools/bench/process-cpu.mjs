// CPU seconds per process of one stack under load, for benches that report CPU per request
// (comparable while other work loads the machine, unlike wall-clock latency). Linux /proc only.
import { readdirSync, readFileSync } from 'node:fs';
import { cpuSeconds } from './api-load.mjs';

/** Pids of processes whose command name is `comm` (e.g. RabbitMQ's `beam.smp`). */
function pidsNamed(comm) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) pids.push(Number(entry));
    } catch {
      // Gone since the listing.
    }
  }
  return pids;
}

/**
 * A snapshot function: each stack process's CPU seconds, the sum over the Postgres backends
 * connected to `database` (the stack's pools; a backend started during the load counts from
 * zero, one that ended is missed), and RabbitMQ's beam.smp, which every stack on the machine
 * shares (so its figure holds other rooms' traffic too).
 */
export function processCpu({ pids, pool, database }) {
  return async () => {
    const snapshot = {};
    for (const [name, pid] of Object.entries(pids)) snapshot[name] = { [pid]: cpuSeconds(pid) };
    const { rows } = await pool.query(
      'SELECT "pid" FROM pg_stat_activity WHERE "datname" = $1 AND "pid" <> pg_backend_pid()',
      [database],
    );
    snapshot.postgres = Object.fromEntries(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
    snapshot['beam.smp (shared)'] = Object.fromEntries(
      pidsNamed('beam.smp').map((pid) => [pid, cpuSeconds(pid)]),
    );
    return snapshot;
  };
}

/** CPU milliseconds per request of each process between two snapshots. */
export function cpuPerRequest(before, after, requests) {
  const result = {};
  for (const [name, byPid] of Object.entries(after)) {
    let seconds = 0;
    for (const [pid, value] of Object.entries(byPid)) seconds += value - (before[name]?.[pid] ?? 0);
    result[name] = (seconds * 1000) / requests;
  }
  return result;
}
