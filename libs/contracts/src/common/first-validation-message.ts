import type { ValidationError } from 'class-validator';

/**
 * The first message of a failed validation, looking inside nested objects too (a missing
 * QuickBooks customer is reported as such, not as a bare "invalid request").
 */
export function firstValidationMessage(errors: readonly ValidationError[]): string | undefined {
  for (const error of errors) {
    const own = error.constraints ? Object.values(error.constraints)[0] : undefined;
    if (own) return own;
    const inner = firstValidationMessage(error.children ?? []);
    if (inner) return inner;
  }
  return undefined;
}
