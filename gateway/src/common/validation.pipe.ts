import { ValidationPipe } from '@nestjs/common';
import { ApiError } from './api-error.js';

/** Bodies and queries are whitelisted; unknown fields are refused with the first message. */
export function createHttpValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    exceptionFactory: (errors) => {
      const first = errors[0];
      const message = first?.constraints ? Object.values(first.constraints)[0] : undefined;
      return new ApiError('VALIDATION_FAILED', message ?? 'Invalid request.', {
        fields: errors.map((error) => error.property),
      });
    },
  });
}
