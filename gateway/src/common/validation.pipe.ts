import { firstValidationMessage } from '@snaptrack/contracts';
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
      const message = firstValidationMessage(errors);
      return new ApiError('VALIDATION_FAILED', message ?? 'Invalid request.', {
        fields: errors.map((error) => error.property),
      });
    },
  });
}
