import { useEffect, useRef } from 'react';
import { browserLocale, localeCurrency } from '@/lib/currency';
import { useHomeCurrency, useUpdateHomeCurrency } from '@/lib/queries/home-currency';

/**
 * An account that never chose a home currency gets its browser locale's, and one without a
 * stored locale the browser's, once: at the first signed-in visit after sign-up (by any route:
 * form, Google, Apple, paid checkout). `only_if_unset` keeps a choice made meanwhile in
 * Settings, on this or another device.
 */
export function HomeCurrencyDefault() {
  const home = useHomeCurrency();
  const { mutate } = useUpdateHomeCurrency();
  const asked = useRef(false);
  useEffect(() => {
    if (!home.data || asked.current) return;
    if (home.data.home_currency_set && home.data.locale) return;
    asked.current = true;
    const locale = browserLocale();
    mutate({ home_currency: localeCurrency(), only_if_unset: true, ...(locale ? { locale } : {}) });
  }, [home.data, mutate]);
  return null;
}
