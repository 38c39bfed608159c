import { describe, expect, it } from '@jest/globals';
import { croppedArea, isNoEdit, NO_EDIT, turned, type PhotoEdit } from './photo-edit';

const edit = (rotation: PhotoEdit['rotation'], crop: Partial<PhotoEdit['crop']> = {}) => ({
  rotation,
  crop: { ...NO_EDIT.crop, ...crop },
});

describe('croppedArea', () => {
  it('keeps the whole photo when nothing is changed', () => {
    expect(croppedArea(1200, 800, NO_EDIT)).toEqual({ x: 0, y: 0, width: 1200, height: 800 });
    expect(isNoEdit(NO_EDIT)).toBe(true);
  });

  it('swaps the sides on a quarter turn, not on a half turn', () => {
    expect(croppedArea(1200, 800, edit(90))).toEqual({ x: 0, y: 0, width: 800, height: 1200 });
    expect(croppedArea(1200, 800, edit(270))).toMatchObject({ width: 800, height: 1200 });
    expect(croppedArea(1200, 800, edit(180))).toMatchObject({ width: 1200, height: 800 });
  });

  it('cuts each side by its share of the turned photo', () => {
    expect(croppedArea(1200, 800, edit(90, { top: 0.25, left: 0.1, right: 0.1 }))).toEqual({
      x: 80,
      y: 300,
      width: 640,
      height: 900,
    });
  });

  it('never cuts more than the limit from a side', () => {
    expect(croppedArea(1000, 1000, edit(0, { top: 0.9, bottom: -1 }))).toEqual({
      x: 0,
      y: 450,
      width: 1000,
      height: 550,
    });
  });
});

describe('turned', () => {
  it('goes round both ways', () => {
    expect(turned(0, 90)).toBe(90);
    expect(turned(270, 90)).toBe(0);
    expect(turned(0, -90)).toBe(270);
  });
});
