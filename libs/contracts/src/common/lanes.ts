import { AuthPatterns } from '../auth/auth.messages.js';
import { ownerOf, type ServiceName } from './service-names.js';

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

/** The lanes of a service (each one a queue the deploy step declares next to its work queue). */
export function lanesOf(service: ServiceName): string[] {
  const lanes = Object.entries(Lanes)
    .filter(([pattern]) => ownerOf(pattern) === service)
    .map(([, lane]) => lane);
  return [...new Set(lanes)];
}
