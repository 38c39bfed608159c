import { readFile } from 'node:fs/promises';
import { paddleLibraryClass } from './paddle-library.js';

/** A recogniser output as onnxruntime returns it: [lines, time steps, classes], row-major. */
export interface RecognitionOutput {
  data: ArrayLike<number>;
  dims: readonly number[];
}

/**
 * The text and mean confidence of each line of a recogniser output, as @gutenye/ocr-common's
 * `Recognition.decodeText` computes them (greedy CTC: the likeliest class per step, blanks (0)
 * and repeats dropped), lines last to first as it returns them. The library copies each step's
 * 6,625 class scores into a new array and walks it twice: about 7% of a receipt's OCR time.
 */
export function decodeRecognition(
  output: RecognitionOutput,
  dictionary: readonly string[],
): { text: string; mean: number }[] {
  const [lineCount, steps, classes] = output.dims;
  const lines: { text: string; mean: number }[] = [];
  for (let line = 0; line < lineCount; line++) {
    let text = '';
    let sum = 0;
    let kept = 0;
    let previous = -1;
    for (let step = 0; step < steps; step++) {
      const offset = (line * steps + step) * classes;
      let best = 0;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < classes; c++) {
        if (output.data[offset + c] > bestScore) {
          bestScore = output.data[offset + c];
          best = c;
        }
      }
      if (best !== 0 && best !== previous) {
        text += dictionary[best - 1] ?? ''; // the library's join drops a missing class
        sum += bestScore;
        kept++;
      }
      previous = best;
    }
    lines[lineCount - 1 - line] = { text, mean: kept ? sum / kept : 0 };
  }
  return lines;
}

/** The dictionary as the library reads it: one class per line, and a space last. */
export async function readPaddleDictionary(path: string): Promise<string[]> {
  return [...(await readFile(path, 'utf8')).split('\n'), ' '];
}

export interface PaddleRecognition {
  prototype: { decodeText?: unknown };
}

/** @gutenye/ocr-common's Recognition, or null when a release has moved it. */
export function paddleRecognition(): Promise<PaddleRecognition | null> {
  return paddleLibraryClass<PaddleRecognition>('models/Recognition', 'Recognition');
}

/**
 * Puts {@link decodeRecognition} in place of the library's `decodeText` for every recogniser of
 * this process, with the dictionary at `dictionaryPath` (the one the recogniser is created with).
 * Returns false, leaving the library as it is, when a release has moved or renamed it.
 */
export async function useFastPaddleDecode(dictionaryPath: string): Promise<boolean> {
  const recognition = await paddleRecognition();
  if (typeof recognition?.prototype.decodeText !== 'function') return false;
  const dictionary = await readPaddleDictionary(dictionaryPath);
  recognition.prototype.decodeText = (output: RecognitionOutput) =>
    decodeRecognition(output, dictionary);
  return true;
}
