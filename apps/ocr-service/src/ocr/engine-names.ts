// Apart from the engines: the configuration (and so the migrate step) reads the names without
// loading the OCR libraries.

export type OcrEngineName = 'tesseract' | 'paddle' | 'hybrid';

export const OCR_ENGINE_NAMES: readonly OcrEngineName[] = ['tesseract', 'paddle', 'hybrid'];

export function isOcrEngineName(value: string): value is OcrEngineName {
  return (OCR_ENGINE_NAMES as readonly string[]).includes(value);
}
