import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runInRequestContext } from '@snaptrack/nest-logging';

const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it looks sane), returns it in the
 * response, and keeps it in async context so logs and bus messages carry it.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const requestId = incoming && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  runInRequestContext({ requestId }, next);
}
