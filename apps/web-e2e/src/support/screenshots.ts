import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BASELINES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../__screenshots__');
const RESULTS = path.join(process.cwd(), 'var/test-results/screenshots');

/** A channel differing by more than this counts the pixel as changed (anti-aliasing stays under). */
const CHANNEL_TOLERANCE = 48;

export interface ScreenshotComparison {
  /** Share of pixels that differ from the baseline, 0..1 (1 when the sizes differ). */
  changed: number;
  baseline: string;
  /** Where the new screenshot was written when it differs (for a look, or to update). */
  actual?: string;
  written?: boolean;
}

async function rgba(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Compares a PNG with the committed baseline `__screenshots__/<name>.png`. With
 * `UPDATE_SCREENSHOTS=1`, or when the baseline is missing, the baseline is (re)written and the
 * comparison reports `written` when there was none (a test fails then: commit it first).
 */
export async function compareWithBaseline(
  name: string,
  png: Buffer,
): Promise<ScreenshotComparison> {
  const baseline = path.join(BASELINES, `${name}.png`);
  const update = process.env.UPDATE_SCREENSHOTS === '1';
  if (update || !existsSync(baseline)) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(baseline, png);
    return update ? { changed: 0, baseline } : { changed: 0, baseline, written: true };
  }
  const [expected, actual] = await Promise.all([rgba(await sharp(baseline).toBuffer()), rgba(png)]);
  let changed = 1;
  if (expected.width === actual.width && expected.height === actual.height) {
    let count = 0;
    for (let i = 0; i < expected.data.length; i += 4) {
      if (
        Math.abs(expected.data[i] - actual.data[i]) > CHANNEL_TOLERANCE ||
        Math.abs(expected.data[i + 1] - actual.data[i + 1]) > CHANNEL_TOLERANCE ||
        Math.abs(expected.data[i + 2] - actual.data[i + 2]) > CHANNEL_TOLERANCE
      )
        count += 1;
    }
    changed = count / (expected.width * expected.height);
  }
  if (changed === 0) return { changed, baseline };
  mkdirSync(RESULTS, { recursive: true });
  const written = path.join(RESULTS, `${name}.png`);
  writeFileSync(written, png);
  return { changed, baseline, actual: written };
}
