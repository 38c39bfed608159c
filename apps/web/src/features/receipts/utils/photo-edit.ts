/** Quarter turns clockwise. */
export type Rotation = 0 | 90 | 180 | 270;

/** What the crop and rotate step decided: a turn, then a share cut from each side. */
export interface PhotoEdit {
  rotation: Rotation;
  /** Shares (0 to MAX_TRIM) of the turned photo's height (top, bottom) or width (left, right). */
  crop: { top: number; right: number; bottom: number; left: number };
}

export type CropSide = keyof PhotoEdit['crop'];

/** Each side may lose at most this share, so something of the photo always remains. */
export const MAX_TRIM = 0.45;

export const NO_EDIT: PhotoEdit = { rotation: 0, crop: { top: 0, right: 0, bottom: 0, left: 0 } };

export function isNoEdit(edit: PhotoEdit): boolean {
  const { top, right, bottom, left } = edit.crop;
  return edit.rotation === 0 && top + right + bottom + left === 0;
}

export function turned(rotation: Rotation, by: 90 | -90): Rotation {
  return ((((rotation + by) % 360) + 360) % 360) as Rotation;
}

export function clampTrim(share: number): number {
  return Number.isFinite(share) ? Math.min(MAX_TRIM, Math.max(0, share)) : 0;
}

/**
 * The part of the photo kept, in the turned photo's pixels: where it starts and its size.
 * A photo `width` × `height` turned a quarter is `height` wide.
 */
export function croppedArea(
  width: number,
  height: number,
  edit: PhotoEdit,
): { x: number; y: number; width: number; height: number } {
  const quarter = edit.rotation === 90 || edit.rotation === 270;
  const turnedWidth = quarter ? height : width;
  const turnedHeight = quarter ? width : height;
  const top = clampTrim(edit.crop.top);
  const bottom = clampTrim(edit.crop.bottom);
  const left = clampTrim(edit.crop.left);
  const right = clampTrim(edit.crop.right);
  const x = Math.round(turnedWidth * left);
  const y = Math.round(turnedHeight * top);
  return {
    x,
    y,
    width: Math.max(1, Math.round(turnedWidth * (1 - right)) - x),
    height: Math.max(1, Math.round(turnedHeight * (1 - bottom)) - y),
  };
}
