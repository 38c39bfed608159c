/** The object storage of export-service (PDF files in, receipt images out). */
export const EXPORT_STORAGE = Symbol('EXPORT_STORAGE');
