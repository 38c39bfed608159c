export const OCR_LOGGER = Symbol('OCR_LOGGER');
/** Model extraction (LlmExtractor), or null when OPENAI_API_KEY and OPENAI_BASE_URL are unset. */
export const LLM_EXTRACTOR = Symbol('LLM_EXTRACTOR');
