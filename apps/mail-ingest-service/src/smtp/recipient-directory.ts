import type { BusClient } from '@snaptrack/nest-rmq';
import { AuthPatterns } from '@snaptrack/contracts';

interface CachedOwner {
  userId: string | null;
  expiresAt: number;
}

const MAX_ENTRIES = 10_000;

/**
 * Answers "whose receipt address is this?" at RCPT time by asking auth-service, and keeps each
 * answer (found or not) briefly so a burst of mail to one address costs one lookup.
 */
export class RecipientDirectory {
  private readonly cache = new Map<string, CachedOwner>();

  constructor(
    private readonly bus: BusClient,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The owner's user id, or null for an address that is nobody's. Rejects when auth is away. */
  async ownerOf(address: string): Promise<string | null> {
    const key = address.trim().toLowerCase();
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.userId;
    const { userId } = await this.bus.send(
      AuthPatterns.receiptAddressResolve,
      { address: key },
      { requestId: `smtp-rcpt-${this.now()}` },
    );
    if (this.ttlMs > 0) this.remember(key, userId);
    return userId;
  }

  private remember(key: string, userId: string | null): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.cache.size >= MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.delete(key);
    this.cache.set(key, { userId, expiresAt: this.now() + this.ttlMs });
  }
}
