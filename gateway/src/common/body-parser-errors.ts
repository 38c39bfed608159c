import type { NextFunction, Request, Response } from 'express';
import type { HttpErrorBody } from '@snaptrack/contracts';

/**
 * Express error middleware for what fails before Nest sees the request: a body that is not
 * JSON, or one over the size limit. It answers with the same envelope as everything else.
 */
export function bodyParserErrors(
  error: unknown,
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) {
    next(error);
    return;
  }
  const body: HttpErrorBody =
    status === 413
      ? {
          success: false,
          error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
        }
      : {
          success: false,
          error: { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' },
        };
  res.status(status === 413 ? 413 : 400).json(body);
}
