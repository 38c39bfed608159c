import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type Tesseract from 'tesseract.js';
import { OcrEngineError, OcrTimeoutError } from './ocr-engine.js';
import { TesseractEngine, defaultTesseractLangPath } from './tesseract-engine.js';

type CreateWorker = typeof Tesseract.createWorker;

const page = {
  text: 'ACME\nTOTAL 4.20\n',
  confidence: 87,
  blocks: [
    {
      paragraphs: [
        {
          lines: [
            { text: 'ACME\n', confidence: 90, bbox: { x0: 1, y0: 2, x1: 41, y1: 22 } },
            { text: 'TOTAL 4.20\n', confidence: 80, bbox: { x0: 1, y0: 30, x1: 91, y1: 50 } },
          ],
        },
      ],
    },
  ],
};

function fakeWorker(recognize: () => Promise<unknown> = () => Promise.resolve({ data: page })) {
  return {
    recognize: jest.fn(recognize),
    terminate: jest.fn(() => Promise.resolve({})),
    setParameters: jest.fn(() => Promise.resolve({})),
  };
}

const engines: TesseractEngine[] = [];
function engine(createWorker: unknown, options: Record<string, unknown> = {}) {
  const e = new TesseractEngine({ createWorker: createWorker as CreateWorker, ...options });
  engines.push(e);
  return e;
}

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
});

describe('TesseractEngine', () => {
  it('loads the best_int model from the npm package, offline, without a cwd cache', async () => {
    const worker = fakeWorker();
    const create = jest.fn(() => Promise.resolve(worker));
    await engine(create).start();
    const [lang, oem, options] = create.mock.calls[0] as unknown as [
      string,
      number,
      Record<string, unknown>,
    ];
    expect(lang).toBe('eng');
    expect(oem).toBe(1); // OEM.LSTM_ONLY
    expect(options).toMatchObject({ cacheMethod: 'none', gzip: true });
    expect(options.langPath).toBe(defaultTesseractLangPath());
    expect(String(options.langPath)).toMatch(/@tesseract\.js-data[/\\]eng[/\\]4\.0\.0_best_int$/);
    expect(typeof options.errorHandler).toBe('function');
  });

  it('maps the page to text, a 0..1 confidence and boxed lines', async () => {
    const result = await engine(() => Promise.resolve(fakeWorker())).recognize(Buffer.from('x'));
    expect(result).toEqual({
      text: 'ACME\nTOTAL 4.20\n',
      confidence: 0.87,
      language: 'eng',
      lines: [
        { text: 'ACME', confidence: 0.9, box: { x: 1, y: 2, width: 40, height: 20 } },
        { text: 'TOTAL 4.20', confidence: 0.8, box: { x: 1, y: 30, width: 90, height: 20 } },
      ],
    });
  });

  it('fails fast when the model file is missing, without creating a worker', async () => {
    const create = jest.fn();
    const empty = await mkdtemp(path.join(os.tmpdir(), 'no-model-'));
    await expect(engine(create, { langPath: empty }).start()).rejects.toBeInstanceOf(
      OcrEngineError,
    );
    expect(create).not.toHaveBeenCalled();
  });

  it('times out a createWorker that never settles, and tries again on the next job', async () => {
    let calls = 0;
    const create = () => {
      calls++;
      return calls === 1 ? new Promise(() => undefined) : Promise.resolve(fakeWorker());
    };
    const e = engine(create, { createTimeoutMs: 50 });
    await expect(e.recognize(Buffer.from('x'))).rejects.toBeInstanceOf(OcrTimeoutError);
    await expect(e.recognize(Buffer.from('x'))).resolves.toMatchObject({ confidence: 0.87 });
  });

  it('turns an error reported during creation into a rejection', async () => {
    const create = (_l: string, _o: number, options: { errorHandler: (e: unknown) => void }) => {
      setTimeout(() => options.errorHandler('TypeError: fetch failed'), 5);
      return new Promise(() => undefined);
    };
    await expect(engine(create, { createTimeoutMs: 5_000 }).start()).rejects.toThrow(
      'fetch failed',
    );
  });

  it('terminates a worker stuck on a job and uses a new one for the next', async () => {
    const stuck = fakeWorker(() => new Promise(() => undefined));
    const fresh = fakeWorker();
    const create = jest.fn<() => Promise<unknown>>();
    create.mockResolvedValueOnce(stuck).mockResolvedValueOnce(fresh);
    const e = engine(create, { jobTimeoutMs: 50 });
    await expect(e.recognize(Buffer.from('x'))).rejects.toBeInstanceOf(OcrTimeoutError);
    expect(stuck.terminate).toHaveBeenCalled();
    await expect(e.recognize(Buffer.from('x'))).resolves.toMatchObject({ confidence: 0.87 });
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('recycles the worker after N jobs', async () => {
    const workers = [fakeWorker(), fakeWorker()];
    const create = jest.fn(() => Promise.resolve(workers[create.mock.calls.length - 1]));
    const e = engine(create, { recycleAfterJobs: 2 });
    for (let i = 0; i < 3; i++) await e.recognize(Buffer.from('x'));
    expect(workers[0].recognize).toHaveBeenCalledTimes(2);
    expect(workers[0].terminate).toHaveBeenCalled();
    expect(workers[1].recognize).toHaveBeenCalledTimes(1);
  });

  it('wraps a failed recognition and replaces the worker', async () => {
    const broken = fakeWorker(() => Promise.reject(new Error('Error attempting to read image.')));
    const create = jest.fn<() => Promise<unknown>>();
    create.mockResolvedValueOnce(broken).mockResolvedValueOnce(fakeWorker());
    const e = engine(create);
    await expect(e.recognize(Buffer.from('x'))).rejects.toBeInstanceOf(OcrEngineError);
    await expect(e.recognize(Buffer.from('x'))).resolves.toMatchObject({ confidence: 0.87 });
  });

  it('reads a rendered receipt with the real tesseract.js', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="220">
      <rect width="100%" height="100%" fill="white"/>
      <text x="20" y="80" font-size="40" font-family="sans-serif">ACME STORE</text>
      <text x="20" y="160" font-size="40" font-family="sans-serif">TOTAL 42.17</text></svg>`;
    const png = await sharp(Buffer.from(svg)).grayscale().png().toBuffer();
    const e = new TesseractEngine();
    engines.push(e);
    const result = await e.recognize(png);
    expect(result.text).toContain('ACME STORE');
    expect(result.text).toContain('TOTAL 42.17');
    expect(result.confidence).toBeGreaterThan(0.5);
  }, 60_000);

  it('loads another language from its own package only when a receipt asks for it', async () => {
    const create = jest.fn(() => Promise.resolve(fakeWorker()));
    const e = engine(create);
    await e.start();
    expect(e.loadedLanguages).toEqual(['eng']);
    const german = await e.recognize(Buffer.from('x'), { language: 'deu' });
    expect(german.language).toBe('deu');
    const calls = create.mock.calls as unknown as [string, number, { langPath: string }][];
    expect(calls.map(([lang]) => lang)).toEqual(['eng', 'deu']);
    expect(calls[1]?.[2].langPath).toMatch(/@tesseract\.js-data[/\\]deu[/\\]4\.0\.0_best_int$/);
    // English stays; the next language replaces German instead of piling up workers.
    await e.recognize(Buffer.from('x'), { language: 'fra' });
    expect(e.loadedLanguages).toEqual(['eng', 'fra']);
    await e.recognize(Buffer.from('x'));
    expect(e.loadedLanguages).toEqual(['fra', 'eng']);
    expect(create).toHaveBeenCalledTimes(3);
  });

  it('ships every language model it may ask for', async () => {
    const { OCR_LANGUAGES, tesseractLangPath } = await import('./languages.js');
    const { access } = await import('node:fs/promises');
    for (const language of OCR_LANGUAGES) {
      await expect(
        access(path.join(tesseractLangPath(language), `${language}.traineddata.gz`)),
      ).resolves.toBeUndefined();
    }
  });
});
