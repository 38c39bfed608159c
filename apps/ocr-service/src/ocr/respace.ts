function compact(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Levenshtein alignment of a onto b: for each index of `a`, the aligned index in `b` or -1. */
function align(a: string, b: string): { map: number[]; distance: number } {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = new Uint32Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i * cols + j] = Math.min(
        d[(i - 1) * cols + j] + 1,
        d[i * cols + j - 1] + 1,
        d[(i - 1) * cols + j - 1] + cost,
      );
    }
  }
  const map = new Array<number>(a.length).fill(-1);
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    const here = d[i * cols + j];
    const cost = a[i - 1] === b[j - 1] ? 0 : 1;
    if (here === d[(i - 1) * cols + j - 1] + cost) {
      map[i - 1] = j - 1;
      i--;
      j--;
    } else if (here === d[(i - 1) * cols + j] + 1) {
      i--;
    } else {
      j--;
    }
  }
  return { map, distance: d[rows * cols - 1] };
}

/** 1 − normalised edit distance of the two texts with whitespace removed and case folded. */
export function compactSimilarity(a: string, b: string): number {
  const x = compact(a);
  const y = compact(b);
  if (x.length === 0 && y.length === 0) return 1;
  return 1 - align(x, y).distance / Math.max(x.length, y.length);
}

/**
 * Copies the word breaks of `reference` into `text`, keeping the characters of `text`.
 *
 * PaddleOCR reads characters better but drops spaces between English words
 * (`OJCMARKETINGSDNBHD`); tesseract keeps the spaces. Aligning the two spaceless strings tells where
 * tesseract's spaces fall in Paddle's text.
 */
export function respace(text: string, reference: string): string {
  const chars: string[] = [];
  const spaceAfter: boolean[] = [];
  for (const ch of text.trim()) {
    if (/\s/.test(ch)) {
      if (chars.length > 0) spaceAfter[chars.length - 1] = true;
    } else {
      chars.push(ch);
      spaceAfter.push(false);
    }
  }
  const refChars: string[] = [];
  const refSpaceAfter: boolean[] = [];
  for (const ch of reference.trim()) {
    if (/\s/.test(ch)) {
      if (refChars.length > 0) refSpaceAfter[refChars.length - 1] = true;
    } else {
      refChars.push(ch);
      refSpaceAfter.push(false);
    }
  }
  const { map } = align(chars.join('').toUpperCase(), refChars.join('').toUpperCase());
  for (let i = 0; i < chars.length - 1; i++) {
    // A break after the reference character aligned with i, or anywhere between the characters
    // aligned with i and i + 1 (when the reference has extra characters in between).
    const from = map[i];
    const to = map[i + 1];
    if (from < 0) continue;
    const end = to >= 0 ? to : from + 1;
    for (let j = from; j < end; j++) {
      if (refSpaceAfter[j]) spaceAfter[i] = true;
    }
  }
  return chars.map((ch, i) => (spaceAfter[i] && i < chars.length - 1 ? `${ch} ` : ch)).join('');
}
