import type { ErrorCode } from './error-codes.js';

/** The error a service returns over the bus: a code, a readable message, optional details. */
export interface ErrorEnvelope {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** Every HTTP error body the gateway sends. */
export interface HttpErrorBody {
  success: false;
  error: { code: ErrorCode; message: string; details?: Record<string, unknown>; error_id?: string };
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'string' && typeof candidate.message === 'string';
}
