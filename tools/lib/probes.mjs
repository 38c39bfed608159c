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
    // SQLSTATE class 28: invalid authorization (no pg_hba entry, wrong or missing password).
    return typeof error?.code === 'string' && error.code.startsWith('28') ? 'refused' : 'down';
  } finally {
    await client.end().catch(() => undefined);
  }
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
    // ACCESS_REFUSED (bad user or password) and NOT_ALLOWED (no such vhost, or no access).
    return /ACCESS_REFUSED|NOT_ALLOWED|403|530/.test(String(error?.message)) ? 'refused' : 'down';
  } finally {
    clearTimeout(timer);
  }
}
