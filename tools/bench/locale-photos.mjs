// Phone-photo renders of the generated receipts, for `npm run bench:extraction -- --set locales
// --photo`: the receipt on a table, photographed at an angle.
//
//   placeInPhoto(receiptPng, { seed, minTilt, maxTilt }) → JPEG
//
// What a phone adds, all seeded: a coloured, textured background (wood, a grey desk, a blue or
// green cloth), the camera tilted 5–25° towards the receipt (a trapezoid: the far edge narrower
// and the sheet foreshortened) and a little to one side, the sheet turned a few degrees on the
// table, light falling off towards one corner, a slight blur and JPEG noise.
import { Image, getPerspectiveWarp } from 'image-js';
import sharp from 'sharp';
import { createRng } from './locale-receipts.mjs';

/** A 3-megapixel photo, portrait, as phones save after the browser's resize. */
export const PHOTO = { width: 1536, height: 2048 };

const TABLES = [
  { r: 112, g: 78, b: 48 }, // wood
  { r: 84, g: 88, b: 92 }, // grey desk
  { r: 44, g: 70, b: 104 }, // blue cloth
  { r: 58, g: 86, b: 60 }, // green cloth
  { r: 150, g: 120, b: 90 }, // light oak
];

/** The table: a colour with coarse, blurred noise for grain. */
async function table(rng) {
  const colour = rng.pick(TABLES);
  const grain = await sharp({
    create: {
      width: PHOTO.width / 4,
      height: PHOTO.height / 4,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .resize(PHOTO.width, PHOTO.height)
    .png()
    .toBuffer();
  return sharp({ create: { ...PHOTO, channels: 3, background: colour } })
    .composite([{ input: grain, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

/**
 * Where the receipt's corners land in the photo: a rectangle of the receipt's proportions,
 * foreshortened by the camera's tilt (the far edge narrower), leaned to one side, turned a few
 * degrees and placed about the photo's middle.
 */
function cornersInPhoto(rng, size, { minTilt, maxTilt }) {
  const tilt = ((minTilt + rng.next() * (maxTilt - minTilt)) * Math.PI) / 180;
  const side = ((rng.next() * 2 - 1) * 6 * Math.PI) / 180;
  const turn = ((rng.next() * 2 - 1) * 5 * Math.PI) / 180;
  // The receipt's height in the photo: most of it, as one frames a receipt to read it.
  const height = PHOTO.height * (0.7 + rng.next() * 0.15) * Math.cos(tilt);
  const width = Math.min(PHOTO.width * 0.8, (height / Math.cos(tilt)) * (size.width / size.height));
  const far = 1 - 0.75 * Math.sin(tilt); // the far (top) edge's share of the near one
  const lean = 1 - 0.75 * Math.abs(Math.sin(side));
  const [leftShare, rightShare] = side > 0 ? [lean, 1] : [1, lean];
  const raw = [
    { x: (-width / 2) * far * leftShare, y: (-height / 2) * leftShare },
    { x: (width / 2) * far * rightShare, y: (-height / 2) * rightShare },
    { x: (width / 2) * rightShare, y: (height / 2) * rightShare },
    { x: (-width / 2) * leftShare, y: (height / 2) * leftShare },
  ];
  const cx = PHOTO.width / 2 + (rng.next() * 2 - 1) * PHOTO.width * 0.05;
  const cy = PHOTO.height / 2 + (rng.next() * 2 - 1) * PHOTO.height * 0.04;
  return raw.map(({ x, y }) => ({
    column: cx + x * Math.cos(turn) - y * Math.sin(turn),
    row: cy + x * Math.sin(turn) + y * Math.cos(turn),
  }));
}

/** Light falling off from one side: a radial gradient laid over the photo (multiply). */
function lighting(rng) {
  const fx = rng.int(0, 100);
  const fy = rng.int(0, 100);
  const dark = (0.55 + rng.next() * 0.25).toFixed(2);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.width}" height="${PHOTO.height}">
    <defs><radialGradient id="l" cx="${fx}%" cy="${fy}%" r="95%">
      <stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="rgb(${Math.round(255 * dark)},${Math.round(255 * dark)},${Math.round(255 * dark)})"/>
    </radialGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`);
}

export async function placeInPhoto(receiptPng, { seed, minTilt = 5, maxTilt = 25 }) {
  const rng = createRng(seed * 13 + 5);
  const { data, info } = await sharp(receiptPng)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const receipt = new Image(info.width, info.height, { colorModel: 'RGBA', data });
  const corners = cornersInPhoto(rng, info, { minTilt, maxTilt });
  // The homography from the receipt's rectangle to its corners in the photo, drawn only over the
  // box around them (the transform samples every pixel it draws).
  const left = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.column))));
  const top = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.row))));
  const right = Math.min(PHOTO.width, Math.ceil(Math.max(...corners.map((p) => p.column))));
  const bottom = Math.min(PHOTO.height, Math.ceil(Math.max(...corners.map((p) => p.row))));
  const shifted = corners.map((p) => ({ column: p.column - left, row: p.row - top }));
  const placed = getPerspectiveWarp(shifted, { width: info.width, height: info.height });
  const box = { width: right - left, height: bottom - top };
  const onPhoto = receipt.transform(placed.matrix, {
    ...box,
    borderType: 'constant',
    borderValue: [0, 0, 0, 0],
  });
  const sheet = await sharp(Buffer.from(onPhoto.getRawImage().data), {
    raw: { ...box, channels: 4 },
  })
    .png()
    .toBuffer();
  const composed = await sharp(await table(rng))
    .composite([
      { input: sheet, left, top },
      { input: lighting(rng), blend: 'multiply' },
    ])
    .png()
    .toBuffer();
  const sensor = await sharp({
    create: { ...PHOTO, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .png()
    .toBuffer();
  return sharp(composed)
    .composite([{ input: sensor, blend: 'soft-light' }])
    .blur(0.6 + rng.next() * 0.6)
    .jpeg({ quality: rng.int(70, 85) })
    .toBuffer();
}
