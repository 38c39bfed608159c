import amqp from 'amqplib';
import pg from 'pg';

/**
 * Is a dependency there, and does it let us in? Each probe answers 'up', 'down' (nothing
 * answers at that address, or not in time) or 'refused' (it answers but refuses our login),
 * within `timeoutMs`, and never throws.
 */

/** Postgres: log in to the `postgres` database of `url` and run `SELECT 1`. */
export async function probePostgres(url, timeoutMs = 2_000) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // A server that goes away mid-probe emits 'error' on the client: keep it from crashing us.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'up';
  } catch (error) {
    return postgresFailure(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * 'refused' for a server that answered but will not let us in: SQLSTATE class 28 (no pg_hba
 * entry, wrong password), or the client's own refusal to go on when the server asks for a
 * password we do not have (Debian's default, scram-sha-256: "SASL: … client password must be a
 * string"). Anything else: 'down'.
 */
export function postgresFailure(error) {
  if (typeof error?.code === 'string' && error.code.startsWith('28')) return 'refused';
  return /password|SASL|SCRAM/i.test(String(error?.message)) ? 'refused' : 'down';
}

/** RabbitMQ: open an AMQP connection (which logs in and opens the virtual host) and close it. */
export async function probeRabbitmq(url, timeoutMs = 2_000) {
  let timer;
  const connecting = amqp.connect(url, { timeout: timeoutMs });
  try {
    const connection = await Promise.race([
      connecting,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
      }),
    ]);
    connection.on('error', () => undefined);
    await connection.close().catch(() => undefined);
    return 'up';
  } catch (error) {
    // A late connection (after our timeout) must not stay open.
    connecting.then((connection) => connection.close()).catch(() => undefined);
    return rabbitmqFailure(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * 'refused' for a broker that answered but will not let us in: ACCESS_REFUSED (user or
 * password), or a connection closed while opening the virtual host (none of that name, or no
 * access to it; amqplib: "Expected ConnectionOpenOk; got <ConnectionClose …>"). Else 'down'.
 */
export function rabbitmqFailure(error) {
  const message = String(error?.message);
  return /ACCESS.REFUSED|NOT.ALLOWED|ConnectionClose/.test(message) ? 'refused' : 'down';
}
