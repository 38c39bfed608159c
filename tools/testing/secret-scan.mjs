// After a test run: looks for every secret the tests saw the stack issue (the ledger written by
// issued-secrets.ts) in every log file of the run, and reports each hit by file and line, with
// the secret itself masked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ISSUED_SECRETS_FILE = 'issued-secrets.jsonl';
/** Every recorded secret is at least this long (issued-secrets.ts). */
const PREFIX = 16;

/** The ledger of a run: unique values with the first kind they were seen as. */
export function readIssuedSecrets(runDir) {
  const file = path.join(runDir, ISSUED_SECRETS_FILE);
  const secrets = new Map();
  if (!existsSync(file)) return secrets;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { kind, value } = JSON.parse(line);
    if (!secrets.has(value)) secrets.set(value, kind);
  }
  return secrets;
}

/** Every log file of the run (`<runDir>/log/**.log`). */
function logFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return logFiles(full);
    return entry.name.endsWith('.log') ? [full] : [];
  });
}

export function maskSecret(value) {
  return `${value.slice(0, 4)}…(${value.length} characters)`;
}

/**
 * Returns every place a ledger secret appears in a log of the run:
 * `[{ file, line, kind, masked }]`, empty when the logs are clean.
 */
export function scanRunLogs(runDir, secrets = readIssuedSecrets(runDir)) {
  const leaks = [];
  if (secrets.size === 0) return leaks;
  // Indexed by their first PREFIX characters: one lookup per position of a log line, however
  // many secrets the run issued (a whole run issues thousands).
  const byPrefix = new Map();
  for (const [value, kind] of secrets) {
    const prefix = value.slice(0, PREFIX);
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), { value, kind }]);
  }
  for (const file of logFiles(path.join(runDir, 'log'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, index) => {
      const found = new Set();
      for (let at = 0; at + PREFIX <= text.length; at += 1) {
        for (const candidate of byPrefix.get(text.slice(at, at + PREFIX)) ?? []) {
          if (found.has(candidate.value) || !text.startsWith(candidate.value, at)) continue;
          found.add(candidate.value);
          leaks.push({
            file,
            line: index + 1,
            kind: candidate.kind,
            masked: maskSecret(candidate.value),
          });
        }
      }
    });
  }
  return leaks;
}

export function describeLeaks(leaks) {
  return leaks.map((leak) => `  ${leak.file}:${leak.line}: ${leak.kind} ${leak.masked}`).join('\n');
}
