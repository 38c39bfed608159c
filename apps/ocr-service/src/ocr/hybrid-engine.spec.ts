import { describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { HybridEngine, mergeHeader } from './hybrid-engine.js';
import type { OcrEngine, OcrResult } from './ocr-engine.js';

const line = (text: string, y: number) => ({
  text,
  confidence: 0.9,
  box: { x: 0, y, width: 100, height: 20 },
});

const paddlePage: OcrResult = {
  text: 'OJCMARKETINGSDNBHD\nNO.2,JALANMERU\nTOTAL 9.00',
  confidence: 0.95,
  lines: [line('OJCMARKETINGSDNBHD', 10), line('NO.2,JALANMERU', 40), line('TOTAL 9.00', 500)],
};
const tesseractHeader: OcrResult = {
  text: 'OJC MARKETING SDN BHD\nN0.2, JALAN MERU\n',
  confidence: 0.8,
  lines: [line('OJC MARKETING SDN BHD', 12), line('N0.2, JALAN MERU', 41)],
};

describe('mergeHeader', () => {
  it("gives Paddle's header lines tesseract's word breaks, keeping Paddle's characters", () => {
    const merged = mergeHeader(paddlePage, tesseractHeader, 100, 0.8);
    expect(merged.text).toBe('OJC MARKETING SDN BHD\nNO.2, JALAN MERU\nTOTAL 9.00');
    expect(merged.lines?.map((l) => l.text)).toEqual([
      'OJC MARKETING SDN BHD',
      'NO.2, JALAN MERU',
      'TOTAL 9.00',
    ]);
    expect(merged.confidence).toBe(0.95);
  });

  it('leaves lines alone when no tesseract line is similar enough', () => {
    const header = { text: 'SOMETHING ELSE', confidence: 0.5 };
    expect(mergeHeader(paddlePage, header, 100, 0.8)).toEqual(paddlePage);
  });

  it('does not touch lines below the header band', () => {
    const header = { text: 'TOTAL 9.00 RM', confidence: 0.9 };
    const merged = mergeHeader(paddlePage, header, 30, 0.5);
    expect(merged.text.split('\n')[2]).toBe('TOTAL 9.00');
  });
});

describe('HybridEngine', () => {
  it('reads the page with one engine and the top fifth with the other', async () => {
    const image = await sharp({
      create: { width: 200, height: 1000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const closePage = jest.fn(() => Promise.resolve());
    const closeHeader = jest.fn(() => Promise.resolve());
    const page: OcrEngine = {
      name: 'page',
      doubtfulBelow: 0.85,
      recognize: jest.fn(() => Promise.resolve(paddlePage)),
      close: closePage,
    };
    const headerSizes: number[] = [];
    const header: OcrEngine = {
      name: 'header',
      doubtfulBelow: 0.5,
      recognize: jest.fn(async (crop: Buffer) => {
        headerSizes.push((await sharp(crop).metadata()).height);
        return tesseractHeader;
      }),
      close: closeHeader,
    };
    const hybrid = new HybridEngine(page, header);
    expect(hybrid.doubtfulBelow).toBe(0.85);
    const result = await hybrid.recognize(image);
    expect(headerSizes).toEqual([200]);
    expect(result.text.split('\n')[0]).toBe('OJC MARKETING SDN BHD');
    await hybrid.close();
    expect(closePage).toHaveBeenCalled();
    expect(closeHeader).toHaveBeenCalled();
  });

  it('returns the page alone when the header engine fails', async () => {
    const image = await sharp({
      create: { width: 100, height: 100, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const page: OcrEngine = {
      name: 'page',
      doubtfulBelow: 0.85,
      recognize: () => Promise.resolve(paddlePage),
      close: () => Promise.resolve(),
    };
    const header: OcrEngine = {
      name: 'header',
      doubtfulBelow: 0.5,
      recognize: () => Promise.reject(new Error('worker died')),
      close: () => Promise.resolve(),
    };
    await expect(new HybridEngine(page, header).recognize(image)).resolves.toEqual(paddlePage);
  });

  it("reads the header in the receipt's language: the one given, else the page's", async () => {
    const image = await sharp({
      create: { width: 100, height: 100, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const germanPage: OcrResult = {
      text: 'BACKEREIMULLERGmbH\nSUMME EUR 4,20\nGegeben BAR 5,00',
      confidence: 0.95,
    };
    const page: OcrEngine = {
      name: 'page',
      doubtfulBelow: 0.85,
      recognize: () => Promise.resolve(germanPage),
      close: () => Promise.resolve(),
    };
    const asked: (string | undefined)[] = [];
    const header: OcrEngine = {
      name: 'header',
      doubtfulBelow: 0.5,
      languages: ['eng', 'deu', 'fra'],
      recognize: (_crop, options) => {
        asked.push(options?.language);
        const language = options?.language ?? 'eng';
        return Promise.resolve({ text: 'BÄCKEREI MÜLLER GmbH', confidence: 0.8, language });
      },
      close: () => Promise.resolve(),
    };
    const hybrid = new HybridEngine(page, header);
    expect((await hybrid.recognize(image)).language).toBe('deu');
    expect(asked).toEqual([undefined, 'deu']);
    asked.length = 0;
    expect((await hybrid.recognize(image, { language: 'fra' })).language).toBe('fra');
    expect(asked).toEqual(['fra']);
  });
});
