/** The receipt store (a folder locally, MinIO in compose). */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
export const OCR_LOGGER = Symbol('OCR_LOGGER');
