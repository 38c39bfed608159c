import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_HOME_CURRENCY,
  canonicalLocale,
  type HomeCurrency,
  type HomeCurrencyChange,
  type HomeCurrencyResponse,
} from '@snaptrack/contracts';
import { fillProviderRates } from './provider-rates.js';
import { RatesSource } from './rates-source.js';

/**
 * An account's home currency, the one its totals are converted into, and its locale
 * (docs/api.md, Currencies). An account without a row has chosen neither yet and counts in USD.
 */
@Injectable()
export class HomeCurrencyService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RatesSource) private readonly rates: RatesSource,
  ) {}

  async get(
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<HomeCurrency> {
    const rows: { home_currency: string; locale: string | null }[] = await manager.query(
      `SELECT "home_currency", "locale" FROM "expenses"."account_settings" WHERE "user_id" = $1`,
      [userId],
    );
    const chosen = rows[0]?.home_currency;
    return {
      home_currency: chosen ?? DEFAULT_HOME_CURRENCY,
      home_currency_set: chosen !== undefined,
      locale: rows[0]?.locale ?? null,
    };
  }

  /** The code only; one primary-key lookup. */
  async code(userId: string, manager?: EntityManager): Promise<string> {
    return (await this.get(userId, manager)).home_currency;
  }

  /** The stored locale, if any: the evidence for receipts that come without one. */
  async locale(userId: string, manager?: EntityManager): Promise<string | null> {
    return (await this.get(userId, manager)).locale;
  }

  /**
   * Sets them; with `only_if_unset`, each only for an account that has none yet (the browser's
   * at first sign-in), in one statement so that a choice made meanwhile wins. A locale left
   * out keeps the stored one. Then the foreign expenses without a rate into the home currency
   * get the rates source's, if there is one (never over one the user entered): saving again
   * also fills those that came in while the source was down.
   */
  async set(userId: string, change: HomeCurrencyChange): Promise<HomeCurrencyResponse> {
    const table = await this.rates.current();
    const locale = change.locale === undefined ? null : canonicalLocale(change.locale);
    const stored = `"expenses"."account_settings"`;
    const onConflict = change.only_if_unset
      ? `DO UPDATE SET "locale" = coalesce(${stored}."locale", EXCLUDED."locale")
         WHERE ${stored}."locale" IS NULL AND EXCLUDED."locale" IS NOT NULL`
      : `DO UPDATE SET "home_currency" = EXCLUDED."home_currency",
           "locale" = coalesce(EXCLUDED."locale", ${stored}."locale"), "updated_at" = now()`;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO ${stored} ("user_id", "home_currency", "locale") VALUES ($1, $2, $3)
         ON CONFLICT ("user_id") ${onConflict}`,
        [userId, change.home_currency, locale],
      );
      if (table) await fillProviderRates(manager, userId, await this.code(userId, manager), table);
    });
    return { success: true, ...(await this.get(userId)) };
  }
}
