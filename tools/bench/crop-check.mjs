// Whole-page scans (or, with --photo, phone photos at an angle) through the service's
// preprocessing alone (no OCR): where the receipt was found, whether it was straightened, how
// large its text comes out, and how long it took. Quick to run while tuning the crop.
//   node tools/bench/crop-check.mjs [--count 8] [--page mix] [--rotate 2] [--photo] [--out DIR]
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRng, generateReceipts, renderReceiptImage } from './locale-receipts.mjs';
const dist = process.env.OCR_DIST ?? '../../apps/ocr-service/dist';
const { preprocessImage } = await import(`${dist}/preprocess/preprocess-image.js`);

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '8' },
    page: { type: 'string', default: 'mix' },
    rotate: { type: 'string', default: '2' },
    seed: { type: 'string', default: '15' },
    out: { type: 'string' },
    photo: { type: 'boolean', default: false },
  },
});
const receipts = generateReceipts({ seed: Number(args.seed), perLocale: 1 }).slice(
  0,
  Number(args.count),
);
const times = [];
for (const [i, receipt] of receipts.entries()) {
  const scan = await renderReceiptImage(receipt, {
    seed: Number(args.seed) + i,
    page: args.photo ? undefined : args.page,
    rotate: args.photo ? 0 : Number(args.rotate),
    photo: args.photo ? { minTilt: 5, maxTilt: 25 } : undefined,
  });
  const started = performance.now();
  const out = await preprocessImage(scan);
  const ms = performance.now() - started;
  times.push(ms);
  const t = out.transform;
  // The tilt placeOnPage drew (the same draw from the same seed): deskew should undo it.
  const drawn = (createRng((Number(args.seed) + i) * 7 + 3).next() * 2 - 1) * Number(args.rotate);
  process.stdout.write(
    `${receipt.id}: crop ${JSON.stringify(out.crop)} deskew ${t?.deskew?.toFixed?.(2) ?? '-'}° (drawn ${args.photo ? '-' : drawn.toFixed(2)}°)${t?.warp ? ' warped' : ''} → ${out.width}×${out.height}, ${ms.toFixed(0)} ms\n`,
  );
  if (args.out) await writeFile(path.join(args.out, `${receipt.id}.png`), out.image);
}
times.sort((a, b) => a - b);
process.stdout.write(
  `p50 ${times[Math.floor(times.length / 2)].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms\n`,
);
