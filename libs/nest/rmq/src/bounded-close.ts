/** How long a bus connection's close may wait for the broker before it is dropped. */
export const CLOSE_WAIT_MS = 5_000;

/** amqp-connection-manager's connection manager, as far as dropping it goes. */
interface DroppableManager {
  close(): Promise<void>;
  readonly connection?: {
    removeAllListeners(event: 'close'): unknown;
    connection?: { stream?: { destroy(error?: Error): void } };
  };
}

/** Whether `work` settled (either way) within `ms`. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Nest's close of an RMQ server or client (its channel, then its connection manager), waiting at
 * most `ms`. amqplib settles a channel's or connection's close only on the broker's close-ok; when
 * the connection dies first (a heartbeat missed on a loaded machine), it never does, and the
 * manager, not closed yet, connects again: a shutdown that neither ends nor lets the process exit.
 * Past the wait the manager is closed without waiting (it stops reconnecting at once) and its
 * socket dropped; the broker requeues whatever was not acknowledged.
 * @returns whether the close finished in time
 */
export async function closeWithin(
  close: () => Promise<void>,
  manager: unknown,
  ms = CLOSE_WAIT_MS,
): Promise<boolean> {
  const closing = close();
  if (await settledWithin(closing, ms)) {
    await closing;
    return true;
  }
  const dropped = manager as Partial<DroppableManager> | null | undefined;
  const connection = dropped?.connection;
  void dropped?.close?.().catch(() => undefined);
  // Unhooked first, so the manager reports no disconnect ("trying to reconnect") for it.
  connection?.removeAllListeners('close');
  connection?.connection?.stream?.destroy(new Error('the broker did not answer a close'));
  return false;
}
