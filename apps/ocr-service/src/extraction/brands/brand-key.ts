/**
 * Keys under which brand names are compared with OCR'd text: accents folded, upper case, only
 * letters, digits and `&`, so "MEDIA MARKT", "Media-Markt" and "MediaMarkt" meet. Letters and
 * digits OCR confuses inside words are folded too (0/O, 1/I, 5/S, 8/B), on both sides alike.
 */
export function brandKey(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9&|$]/g, '')
    .replace(/(?<=[A-Z])[0-9|$]|[0-9|$](?=[A-Z])/g, (c) => OCR_FOLD[c] ?? c);
}

const OCR_FOLD: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '|': 'I',
  '5': 'S',
  $: 'S',
  '8': 'B',
};

/** German umlauts written out ("Aldi Süd" → "ALDISUED"), as web domains and some tills do. */
export function umlautKey(text: string): string {
  return brandKey(
    text
      .replace(/[äÄ]/g, (c) => (c === 'ä' ? 'ae' : 'AE'))
      .replace(/[öÖ]/g, (c) => (c === 'ö' ? 'oe' : 'OE'))
      .replace(/[üÜ]/g, (c) => (c === 'ü' ? 'ue' : 'UE')),
  );
}

/** Every key one deletion away: with the same done to the brand's key, one OCR slip is forgiven. */
export function deletions(key: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < key.length; i++) out.add(key.slice(0, i) + key.slice(i + 1));
  return [...out];
}
