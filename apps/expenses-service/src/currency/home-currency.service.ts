import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_HOME_CURRENCY,
  type HomeCurrency,
  type HomeCurrencyChange,
  type HomeCurrencyResponse,
} from '@snaptrack/contracts';

/**
 * An account's home currency, the one its totals are converted into (docs/api.md,
 * Currencies). An account without a row has chosen none yet and counts in USD.
 */
@Injectable()
export class HomeCurrencyService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async get(
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<HomeCurrency> {
    const rows: { home_currency: string }[] = await manager.query(
      `SELECT "home_currency" FROM "expenses"."account_settings" WHERE "user_id" = $1`,
      [userId],
    );
    const chosen = rows[0]?.home_currency;
    return {
      home_currency: chosen ?? DEFAULT_HOME_CURRENCY,
      home_currency_set: chosen !== undefined,
    };
  }

  /** The code only; one primary-key lookup. */
  async code(userId: string, manager?: EntityManager): Promise<string> {
    return (await this.get(userId, manager)).home_currency;
  }

  /**
   * Sets it; with `only_if_unset`, only for an account that has none yet (the browser's
   * locale at first sign-in), in one statement so that a choice made meanwhile wins.
   */
  async set(userId: string, change: HomeCurrencyChange): Promise<HomeCurrencyResponse> {
    const onConflict = change.only_if_unset
      ? 'DO NOTHING'
      : `DO UPDATE SET "home_currency" = EXCLUDED."home_currency", "updated_at" = now()`;
    await this.dataSource.query(
      `INSERT INTO "expenses"."account_settings" ("user_id", "home_currency") VALUES ($1, $2)
       ON CONFLICT ("user_id") ${onConflict}`,
      [userId, change.home_currency],
    );
    return { success: true, ...(await this.get(userId)) };
  }
}
