import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The longest locale tag a receipt job carries (`zh-Hant-TW-u-nu-hanidec` and the like fit). */
export const MAX_RECEIPT_LOCALE_LENGTH = 35;

const TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

/**
 * A BCP 47 language tag in canonical form (`de-de` → `de-DE`), or null for anything else: not a
 * string, too long, not a tag Intl accepts, or the wildcard `*`.
 */
export function canonicalLocale(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RECEIPT_LOCALE_LENGTH || !TAG.test(value)) {
    return null;
  }
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * The locale the user reads in, from an `Accept-Language` header (what the browser sends with
 * every request): the tag with the highest weight that is a real locale, or null.
 */
export function localeFromAcceptLanguage(header: string | undefined): string | null {
  if (!header || header.length > 1000) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ weight }) => Number.isFinite(weight) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = canonicalLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** Validates an optional locale tag: absent, null, or one {@link canonicalLocale} accepts. */
export function IsReceiptLocale(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isReceiptLocale',
      validator: {
        validate: (value) =>
          value === undefined || value === null || canonicalLocale(value) === value,
        defaultMessage: () => 'locale must be a BCP 47 language tag such as en-US or de-DE',
      },
    },
    options,
  );
}
