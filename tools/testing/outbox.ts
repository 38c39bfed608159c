import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { eventually } from './eventually.js';
import { recordSecretsInUrl } from './issued-secrets.js';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The first http(s) link of the plain-text body (the action of every SnapTrack mail). */
  link: string | undefined;
}

function outboxDir(): string {
  const dir = process.env.SNAPTRACK_OUTBOX_DIR;
  if (!dir) throw new Error('SNAPTRACK_OUTBOX_DIR is not set: run through the integration project');
  return dir;
}

async function files(): Promise<string[]> {
  try {
    return (await readdir(outboxDir())).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/** Every mail in the outbox for one address and tag (`password-reset`, `verify-email` …). */
export async function mailsFor(to: string, tag: string): Promise<OutboxMail[]> {
  const suffix = `-${tag}-${to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_')}.eml`;
  const found: OutboxMail[] = [];
  for (const name of (await files()).filter((file) => file.endsWith(suffix))) {
    const file = path.join(outboxDir(), name);
    const parsed = await simpleParser(await readFile(file));
    const text = parsed.text ?? '';
    const link = /https?:\/\/\S+/.exec(text)?.[0];
    if (link) recordSecretsInUrl(`mail ${tag}`, link);
    found.push({ file, to: to.toLowerCase(), subject: parsed.subject ?? '', text, link });
  }
  return found;
}

/** Waits until there are more than `already` such mails; returns the newest. */
export async function waitForMail(
  to: string,
  tag: string,
  options: { already?: number; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const mails = await eventually(
    () => mailsFor(to, tag),
    (found) => found.length > (options.already ?? 0),
    {
      what: `a ${tag} mail for ${to} in the outbox`,
      timeoutMs: options.timeoutMs,
      intervalMs: 100,
    },
  );
  return mails[mails.length - 1];
}
