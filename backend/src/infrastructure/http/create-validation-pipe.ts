import { ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import { ValidationFailedException, validationFields } from './validation-failed.exception';

/**
 * The app's DTO validation: unknown fields are rejected by name, payloads become DTO instances,
 * and failures answer 400 with `fields` and a readable `detail` (see {@link ValidationFailedException}).
 */
export function createValidationPipe(overrides: ValidationPipeOptions = {}): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new ValidationFailedException(validationFields(errors)),
    ...overrides,
  });
}
