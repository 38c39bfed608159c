// Worse photos of the same paper, for the benches on real receipts (real-replay.mjs --photo,
// extraction-bench.mjs --replay --again): what a receipt nobody tuned on looks like when the
// picture, not the paper, is harder. A stand-in only: the rules were written on the originals.
import sharp from 'sharp';

/** How each kind turns a picture (EXIF orientation applied first) into a worse photo of it. */
const PHOTOS = {
  'upside-down': (image) => image.rotate(180),
  tilted: (image) => image.rotate(4, { background: '#808080' }),
  small: async (image) => {
    // The width as shown, after the EXIF orientation (a phone's sideways-stored photo).
    const { autoOrient } = await image.metadata();
    return image.resize({ width: Math.round(autoOrient.width / 2) });
  },
  blurred: (image) => image.blur(1.5),
  dim: (image) => image.linear(0.55, 10),
  // A hand's or a phone's shadow over the left part of the paper, fading out by its middle.
  shadow: async (image) => {
    const { width, height } = (await image.metadata()).autoOrient;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="s"><stop offset="0" stop-color="#383838"/>' +
      '<stop offset="0.55" stop-color="#fff"/></linearGradient></defs>' +
      '<rect width="100%" height="100%" fill="url(#s)"/></svg>';
    return image.composite([{ input: Buffer.from(svg), blend: 'multiply' }]);
  },
  jpeg: (image) => image, // encoded at quality 25 below
  // Lying on a wooden table: a fifth of the longer side of grainy brown around the paper.
  table: async (image) => {
    const paper = await image.png().toBuffer();
    const { width, height } = await sharp(paper).metadata();
    const pad = Math.round(Math.max(width, height) / 5);
    const noise = { type: 'gaussian', mean: 110, sigma: 28 };
    const size = { width: width + 2 * pad, height: height + 2 * pad, channels: 3, noise };
    const wood = await sharp({ create: size }).tint({ r: 150, g: 100, b: 60 }).png().toBuffer();
    const photo = await sharp(wood).composite([{ input: paper, left: pad, top: pad }]);
    return sharp(await photo.png().toBuffer());
  },
  // Taken at an angle from below: the top edge a fifth narrower than the bottom, on grey.
  keystone: async (image) => {
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = info;
    const out = Buffer.alloc(data.length, 0x80);
    for (let y = 0; y < height; y++) {
      const narrower = 0.2 * (1 - y / height);
      const left = (width * narrower) / 2;
      const span = width * (1 - narrower);
      for (let x = Math.ceil(left); x < left + span; x++) {
        const from = Math.min(width - 1, Math.round(((x - left) / span) * width));
        data.copy(
          out,
          (y * width + x) * channels,
          (y * width + from) * channels,
          (y * width + from + 1) * channels,
        );
      }
    }
    return sharp(out, { raw: { width, height, channels } });
  },
};

export const PHOTO_KINDS = Object.keys(PHOTOS);

/** The picture as a worse photo of `kind` would show it, as JPEG (quality 25 for `jpeg`). */
export async function worsePhoto(bytes, kind) {
  const worse = await PHOTOS[kind](sharp(bytes).rotate());
  return worse.jpeg({ quality: kind === 'jpeg' ? 25 : 92 }).toBuffer();
}
