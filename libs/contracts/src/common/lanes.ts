import { AuthPatterns } from '../auth/auth.messages.js';

/**
 * Patterns a service answers from a queue of their own, `<prefix>.<service>.<lane>`, with its
 * own prefetch: they are asked on every signed-in request and must never wait behind slow work
 * (a password hash, a padded reset) in the service's work queue.
 */
const Lanes: Readonly<Record<string, string>> = {
  [AuthPatterns.tokenVersion]: 'session',
};

/** The lane a request pattern travels in, or undefined for the service's work queue. */
export function laneOf(pattern: string): string | undefined {
  return Lanes[pattern];
}
