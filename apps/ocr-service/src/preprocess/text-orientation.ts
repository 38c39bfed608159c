/**
 * Whether the text of a page runs up and down instead of across (a receipt photographed
 * sideways without an EXIF orientation tag).
 *
 * Horizontal text lines leave empty rows between them, while each column crosses many lines;
 * sideways text does the reverse. So, within the inked area of a small grayscale copy, compare
 * the share of rows without ink to the share of columns without ink. It cannot tell 90° from
 * 270° (the caller reads both and keeps the better reading) and ignores 180°.
 */
export function textRunsSideways(gray: Uint8Array, width: number, height: number): boolean {
  if (width * height !== gray.length || width < 32 || height < 32) return false;
  const sorted = Uint8Array.from(gray).sort();
  const paper = sorted[Math.floor(sorted.length * 0.5)];
  const darkest = sorted[Math.floor(sorted.length * 0.005)];
  if (paper - darkest < 30) return false;
  const inkBelow = paper - 0.4 * (paper - darkest);
  const rows = new Uint32Array(height);
  const cols = new Uint32Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (gray[y * width + x] < inkBelow) {
        rows[y]++;
        cols[x]++;
      }
    }
  }
  const rowGaps = gapShare(rows);
  const colGaps = gapShare(cols);
  return colGaps > 0.2 && colGaps > rowGaps * 1.6 + 0.05;
}

/** Share of the lines between the first and the last inked one that hold (almost) no ink. */
function gapShare(profile: Uint32Array): number {
  let first = -1;
  let last = -1;
  let peak = 0;
  for (let i = 0; i < profile.length; i++) {
    if (profile[i] > 0) {
      if (first < 0) first = i;
      last = i;
    }
    peak = Math.max(peak, profile[i]);
  }
  if (first < 0 || last - first < 8) return 0;
  const empty = Math.max(1, peak * 0.02);
  let gaps = 0;
  for (let i = first; i <= last; i++) if (profile[i] < empty) gaps++;
  return gaps / (last - first + 1);
}
