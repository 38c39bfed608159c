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
  const ink = (x: number, y: number) => gray[y * width + x] < inkBelow;
  let { rows, cols } = profiles(ink, { left: 0, top: 0, right: width, bottom: height });
  // A dark frame around the paper (the table a photo within a photo lies on, kept by the crop)
  // inks every row and column and leaves no gap between lines: measured inside it.
  const inside = insideFrame(rows, cols);
  if (inside) ({ rows, cols } = profiles(ink, inside));
  const rowGaps = gapShare(rows);
  const colGaps = gapShare(cols);
  return colGaps > 0.2 && colGaps > rowGaps * 1.6 + 0.05;
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How many pixels of ink each row and each column of `rect` holds. */
function profiles(ink: (x: number, y: number) => boolean, rect: Rect) {
  const rows = new Uint32Array(rect.bottom - rect.top);
  const cols = new Uint32Array(rect.right - rect.left);
  for (let y = rect.top; y < rect.bottom; y++) {
    for (let x = rect.left; x < rect.right; x++) {
      if (ink(x, y)) {
        rows[y - rect.top]++;
        cols[x - rect.left]++;
      }
    }
  }
  return { rows, cols };
}

/** A frame's lines are almost all ink; no line of text is. */
const FRAME_INK = 0.8;
/** A frame takes no more than this share of each side. */
const FRAME_MAX = 0.15;

/**
 * The rectangle inside a dark frame: the rows and columns at the edges almost all ink, on every
 * side. Null without such a frame (paper to the edge, or dark on one side only: a shadow).
 */
function insideFrame(rows: Uint32Array, cols: Uint32Array): Rect | null {
  const [width, height] = [cols.length, rows.length];
  const band = (profile: Uint32Array, across: number, fromEnd: boolean) => {
    const most = Math.floor(profile.length * FRAME_MAX);
    let n = 0;
    while (n < most && profile[fromEnd ? profile.length - 1 - n : n] >= across * FRAME_INK) n++;
    return n;
  };
  const [top, bottom] = [band(rows, width, false), band(rows, width, true)];
  const [left, right] = [band(cols, height, false), band(cols, height, true)];
  if (Math.min(top, bottom, left, right) === 0) return null;
  return { left, top, right: width - right, bottom: height - bottom };
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
