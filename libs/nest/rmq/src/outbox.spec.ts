import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { Logger } from '@snaptrack/nest-logging';
import type { BusClient } from './bus-client.js';
import { OutboxRelay } from './outbox.js';

/** A relay whose passes are counted and held open until the test lets them finish. */
class HeldRelay extends OutboxRelay {
  passes = 0;
  private release: (() => void) | null = null;
  private started: (() => void) | null = null;

  constructor() {
    // Nothing reaches the database or the broker: publishPending is replaced below.
    super({} as DataSource, 'test', {} as BusClient, {} as Logger, 60_000);
  }

  override publishPending(): Promise<number> {
    this.passes += 1;
    this.started?.();
    return new Promise((resolve) => {
      this.release = () => resolve(0);
    });
  }

  passStarted(): Promise<void> {
    return new Promise((resolve) => {
      this.started = resolve;
    });
  }

  finishPass(): void {
    this.release?.();
  }
}

describe('OutboxRelay.kick', () => {
  it('runs another pass at once when a kick came during a pass that found nothing', async () => {
    const relay = new HeldRelay();
    let started = relay.passStarted();
    relay.start();
    await started;
    // The event is committed while the first pass is running (it may have looked already).
    relay.kick();
    started = relay.passStarted();
    relay.finishPass();
    await started; // not after the 60 s interval
    expect(relay.passes).toBe(2);
    relay.finishPass();
    await relay.stop();
  });
});
