import { SelectField } from '@/components/form/select-field';
import { Banner } from '@/components/ui/banner';
import { currencyOptions, localeOptions } from '@/lib/currency';
import { useHomeCurrency, useUpdateHomeCurrency } from '@/lib/queries/home-currency';

/**
 * The account's home currency and locale, each saved as soon as it is picked. Totals are in
 * the currency; expenses in another currency are totalled apart, or converted with the rate on
 * each. The locale says how receipts that come without one (mailed ones) are read.
 */
export function HomeCurrencySection() {
  const home = useHomeCurrency();
  const update = useUpdateHomeCurrency();
  const current = home.data?.home_currency;
  const codes = currencyOptions();
  return (
    <section className="settings__section" aria-labelledby="settings-currency">
      <h3 id="settings-currency" className="settings__title">
        Currency
      </h3>
      {update.isError ? (
        <Banner tone="error" onDismiss={() => update.reset()}>
          Failed to save settings: {update.error.message}
        </Banner>
      ) : null}
      {current ? (
        <SelectField
          id="settings-home-currency"
          label="Home currency"
          hint="Totals are shown in it. Expenses in other currencies are totalled apart, or converted with the exchange rate on each (yours, or the rates source's where this server has one)."
          hintId="settings-home-currency-hint"
          aria-describedby="settings-home-currency-hint"
          value={current}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ home_currency: event.target.value })}
        >
          {(codes.includes(current) ? codes : [current, ...codes]).map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      ) : null}
      {current ? (
        <SelectField
          id="settings-locale"
          label="Receipt locale"
          hint="How a date like 03/04 is read on a receipt that does not say, such as one sent by email."
          hintId="settings-locale-hint"
          aria-describedby="settings-locale-hint"
          value={home.data?.locale ?? ''}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate({ home_currency: current, locale: event.target.value })
          }
        >
          {home.data?.locale ? null : <option value="">Not set</option>}
          {localeOptions(home.data?.locale).map(({ tag, name }) => (
            <option key={tag} value={tag}>
              {name}
            </option>
          ))}
        </SelectField>
      ) : home.isError ? (
        <p className="settings__hint">The home currency could not be loaded.</p>
      ) : null}
    </section>
  );
}
