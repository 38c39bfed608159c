// What a dead letter says about itself: a stable id, its pattern and request id, when, where
// and why it died (the broker's `x-death` header), and its body with secrets masked.
import { createHash } from 'node:crypto';

/** amqplib decodes AMQP timestamps as { '!': 'timestamp', value: seconds }. */
function seconds(value) {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && typeof value.value === 'number') return value.value;
  return undefined;
}

const isoTime = (value) => {
  const s = seconds(value);
  return s === undefined ? undefined : new Date(s * 1000).toISOString();
};

/** The deaths, most recent first, as the broker recorded them. */
export function deathsOf(properties) {
  const deaths = properties.headers?.['x-death'];
  if (!Array.isArray(deaths)) return [];
  return deaths.map((death) => ({
    reason: String(death.reason ?? 'unknown'),
    count: Number(death.count ?? 1),
    queue: death.queue === undefined ? undefined : String(death.queue),
    exchange: death.exchange === undefined ? undefined : String(death.exchange),
    time: isoTime(death.time),
  }));
}

/** Nest's RMQ packet: { pattern, data: { ctx: { requestId, messageId }, data }, id? }. */
export function parseBody(content) {
  try {
    return JSON.parse(content.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The AMQP message id where the sender set one (every event: the outbox row's id, also the
 * inbox key), else a hash of the body and the first death, both of which never change while the
 * message lies in the DLQ, so `list` and `replay` agree on it.
 */
export function messageIdOf(message) {
  if (message.properties.messageId) return String(message.properties.messageId);
  const first = deathsOf(message.properties).at(-1);
  const hash = createHash('sha256')
    .update(message.content)
    .update(`\n${first?.time ?? ''}|${first?.queue ?? ''}|${first?.reason ?? ''}`)
    .digest('hex');
  return `h${hash.slice(0, 15)}`;
}

/** One line's worth of facts about a dead letter. */
export function describe(message, dlq) {
  const body = parseBody(message.content);
  const deaths = deathsOf(message.properties);
  const last = deaths[0];
  return {
    id: messageIdOf(message),
    dlq: dlq.name,
    pattern: typeof body?.pattern === 'string' ? body.pattern : '(unreadable)',
    requestId: body?.data?.ctx?.requestId,
    // A request has a caller waiting for the answer (reply-to); an event is fire-and-forget.
    kind: message.properties.replyTo ? 'request' : 'event',
    reason: last?.reason ?? 'unknown',
    deaths: deaths.reduce((sum, death) => sum + death.count, 0),
    // The broker keeps the first time it died in that queue for that reason, and counts on.
    diedAt: last?.time,
    // Where it died: the queue replay puts it back on.
    originalQueue: last?.queue ?? dlq.workQueue,
    // How often the DLQ handed this copy out and took it back (each read of this tool).
    handedBack: Number(message.properties.headers?.['x-delivery-count'] ?? 0),
  };
}

/**
 * RabbitMQ 4.0 to 4.2 drop a quorum-queue message handed back more than 20 times (the default
 * delivery limit), and a DLQ has nowhere to dead-letter it: warn well before.
 */
export const HANDED_BACK_WARNING = 15;

// Field names that hold secrets: tokens, passwords, one-time codes (`code`, `oobCode`), keys.
const SECRET_KEY =
  /token|password|passwd|secret|cookie|authorization|api[-_]?key|session[-_]?id|signature|code$|otp$/i;
// Secrets travel in links too: a sign-in or reset link's query (`?token=`, `&oobCode=`).
const SECRET_QUERY = /([?&](?:[a-z_]*token|[a-z_]*code|key|signature|secret)=)[^&#\s"]+/gi;
export const MASK = '***';

/** A copy of a JSON value with secret fields and link parameters replaced by `***`. */
export function maskSecrets(value, key = '') {
  if (key && SECRET_KEY.test(key) && value !== null && typeof value !== 'object') return MASK;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, maskSecrets(item, name)]),
    );
  }
  if (typeof value === 'string') return value.replace(SECRET_QUERY, `$1${MASK}`);
  return value;
}

/** Headers for display: timestamps as ISO times. */
function readableHeaders(headers = {}) {
  const readable = (value) => {
    if (Array.isArray(value)) return value.map(readable);
    if (value && typeof value === 'object') {
      if (value['!'] === 'timestamp') return isoTime(value);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, readable(v)]));
    }
    return value;
  };
  return readable(headers);
}

/** The whole message for `show`: properties, headers and the body (masked, pretty). */
export function fullView(message, dlq) {
  const { headers, ...properties } = message.properties;
  const body = parseBody(message.content);
  return {
    ...describe(message, dlq),
    properties: Object.fromEntries(
      Object.entries(properties).filter(([, value]) => value !== undefined),
    ),
    headers: readableHeaders(headers),
    body: body === undefined ? `(not JSON, ${message.content.length} bytes)` : maskSecrets(body),
  };
}
