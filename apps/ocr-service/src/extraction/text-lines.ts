/** A rectangle in pixels of the image the engine read. */
export interface LineBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line as an OCR engine gives it. */
export interface EngineLine {
  text: string;
  confidence: number;
  box?: LineBox;
}

/** One line of receipt text with the OCR confidence of that line when the engine gave one. */
export interface TextLine {
  index: number;
  text: string;
  /** 0..1, or null when unknown. */
  confidence: number | null;
  /** Where the engine saw it (the union of its engine lines' boxes); null when unknown. */
  box: LineBox | null;
}

/** The smallest rectangle holding every box; null for none. */
export function unionBox(boxes: readonly (LineBox | null | undefined)[]): LineBox | null {
  const known = boxes.filter((b): b is LineBox => !!b);
  if (known.length === 0) return null;
  const left = Math.min(...known.map((b) => b.x));
  const top = Math.min(...known.map((b) => b.y));
  const right = Math.max(...known.map((b) => b.x + b.width));
  const bottom = Math.max(...known.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * NFKC folds the full-width `：（）` Paddle emits; odd dashes and quotes become ASCII; Arabic-Indic
 * and Persian digits (`١٢٣٫٥٠`, `۱۲۳`) become the digits and marks the rules read; a GmbH the
 * OCR of a small photo glued to the name before it ("PENNY-MARKTGmbH") stands apart again.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\t\u00a0]/g, ' ')
    .replace(/(\p{L}{2})(GmbH|GMBH)\b/gu, '$1 $2');
}

/**
 * Splits the text into non-empty lines and attaches per-line confidences by matching the
 * engine's line objects in order (text lines may be joined rows of several engine lines).
 */
export function toTextLines(text: string, engineLines?: readonly EngineLine[]): TextLine[] {
  const raw = normalizeText(text)
    .split(/\r?\n/)
    .map((l) => l.replace(/ {2,}/g, ' ').trim())
    .filter((l) => l.length > 0);
  const known = (engineLines ?? []).map((l) => ({
    text: normalizeText(l.text).replace(/\s+/g, ' ').trim(),
    confidence: l.confidence,
    box: l.box,
  }));
  let cursor = 0;
  return raw.map((line, index) => {
    const parts: (typeof known)[number][] = [];
    for (let k = cursor; k < known.length && k < cursor + 8; k++) {
      if (known[k].text.length > 0 && line.includes(known[k].text)) {
        parts.push(known[k]);
        cursor = k + 1;
        if (line.endsWith(known[k].text)) break;
      }
    }
    const confidence = parts.length > 0 ? Math.min(...parts.map((p) => p.confidence)) : null;
    return { index, text: line, confidence, box: unionBox(parts.map((p) => p.box)) };
  });
}

/** Uppercase letters only, accents folded: label matching that survives Paddle's dropped spaces. */
export function letterKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}
