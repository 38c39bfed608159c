/** amqp-connection-manager's ChannelWrapper, as far as its events go. */
interface ChannelEvents {
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

/**
 * amqp-connection-manager's channel wrapper emits 'error' when its setup fails, e.g. "Channel
 * ended, no reply will be forthcoming" when the channel closes under a pending declare (a client
 * given up on while it was still connecting). Nest attaches no listener, so that 'error' event
 * would be thrown and end the process. The channel then stays closed until the next reconnect.
 */
export function onChannelSetupError(wrapper: unknown, listener: (error: unknown) => void): void {
  const events = wrapper as Partial<ChannelEvents> | null | undefined;
  if (typeof events?.on === 'function') events.on('error', listener);
}
