/** The dependency-injection tokens of this service (the logger's is `LOGGER` from libs/nest/logging). */

/** The parsed config (OcrConfig). */
export const OCR_CONFIG = Symbol('OCR_CONFIG');

/** Model extraction (LlmExtractor), or null when OPENAI_API_KEY and OPENAI_BASE_URL are unset. */
export const LLM_EXTRACTOR = Symbol('LLM_EXTRACTOR');
