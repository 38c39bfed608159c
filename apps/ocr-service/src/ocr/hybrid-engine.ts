import sharp from 'sharp';
import { detectLanguage, type OcrLanguage } from './languages.js';
import type { OcrEngine, OcrLine, OcrResult, RecognizeOptions } from './ocr-engine.js';
import { compactSimilarity, respace } from './respace.js';

export interface HybridEngineOptions {
  /** Share of the image height read by tesseract for the vendor lines. Default 0.2. */
  headerShare?: number;
  /** Minimum spaceless similarity for a tesseract line to lend its spaces. Default 0.8. */
  minSimilarity?: number;
}

/**
 * PaddleOCR for the page, tesseract.js for the header. Paddle reads characters better but drops the
 * spaces between English words, which ruins vendor names; tesseract keeps them. Paddle's header
 * lines get the word breaks of the best-matching tesseract line.
 */
export class HybridEngine implements OcrEngine {
  readonly name = 'hybrid';

  /** The page engine's confidence is the result's. */
  get doubtfulBelow(): number {
    return this.page.doubtfulBelow;
  }

  /** The header engine's: the page engine reads every Latin script alike. */
  get languages(): readonly OcrLanguage[] | undefined {
    return this.header.languages;
  }

  constructor(
    private readonly page: OcrEngine,
    private readonly header: OcrEngine,
    private readonly options: HybridEngineOptions = {},
  ) {}

  /** Starts both engines now instead of on the first job. */
  async start(): Promise<void> {
    await Promise.all([this.page.start?.(), this.header.start?.()]);
  }

  /**
   * With a language the header is read in it alongside the page; without one in English, and
   * again in the page's language when the page text names another (a header band is quick).
   */
  async recognize(image: Buffer, options: RecognizeOptions = {}): Promise<OcrResult> {
    const share = this.options.headerShare ?? 0.2;
    const meta = await sharp(image).metadata();
    const headerHeight = Math.max(1, Math.round(meta.height * share));
    const headerImage = await sharp(image)
      .extract({ left: 0, top: 0, width: meta.width, height: headerHeight })
      .png()
      .toBuffer();
    // The header only improves spacing: without it the page text is still complete.
    const readHeader = (language: RecognizeOptions['language']) =>
      this.header.recognize(headerImage, { language }).catch(() => null);
    const [page, first] = await Promise.all([
      this.page.recognize(image),
      readHeader(options.language),
    ]);
    let header = first;
    if (!options.language) {
      const detected = detectLanguage(page.text);
      const known = this.languages?.includes(detected ?? 'eng') ?? false;
      if (detected && known && detected !== (first?.language ?? 'eng')) {
        header = await readHeader(detected);
      }
    }
    if (header === null) return page;
    return {
      ...mergeHeader(page, header, headerHeight, this.options.minSimilarity ?? 0.8),
      language: header.language,
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.page.close(), this.header.close()]);
  }
}

function headerLines(header: OcrResult): string[] {
  const lines = header.lines?.map((l) => l.text) ?? header.text.split('\n');
  return lines.map((l) => l.trim()).filter((l) => l.length > 0);
}

/** Re-spaces the page's lines that lie in the header band; exported for tests. */
export function mergeHeader(
  page: OcrResult,
  header: OcrResult,
  headerHeight: number,
  minSimilarity: number,
): OcrResult {
  const candidates = headerLines(header);
  if (candidates.length === 0) return page;
  const fix = (text: string): string => {
    let best = '';
    let bestScore = 0;
    for (const candidate of candidates) {
      const score = compactSimilarity(text, candidate);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    return bestScore >= minSimilarity ? respace(text, best) : text;
  };
  const inHeader = (line: OcrLine) => line.box !== undefined && line.box.y < headerHeight;
  // Text lines are rows of boxed lines in reading order, so the band holds at most as many text
  // lines as there are boxed lines starting inside it. A line wrongly included is only changed
  // when a header line matches it closely, which a line below the header hardly ever does.
  const bandSize = page.lines?.every((l) => l.box)
    ? page.lines.filter(inHeader).length
    : candidates.length;
  const text = page.text
    .split('\n')
    .map((line, index) => (index < bandSize ? fix(line) : line))
    .join('\n');
  const lines = page.lines?.map((l) => (inHeader(l) ? { ...l, text: fix(l.text) } : l));
  return { ...page, text, lines };
}
