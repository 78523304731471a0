import type { ValidationError } from '@nestjs/common';
import { ApiException } from './api.exception';

const UNKNOWN_FIELD = 'This field is not allowed';

/** 400 answer naming every invalid field: detail reads "business_name: Business name is required". */
export class ValidationFailedException extends ApiException {
  constructor(readonly fields: Record<string, string[]>) {
    const detail = Object.entries(fields)
      .flatMap(([field, messages]) => messages.map((message) => `${field}: ${message}`))
      .join('; ');
    super(400, { error: 'validation_error', detail: detail || 'The request is not valid.', fields });
  }
}

/** Flattens class-validator errors into messages by dotted field path (`address.street`, `items.0.name`). */
export function validationFields(errors: readonly ValidationError[], parentPath = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  collect(errors, parentPath, fields);
  return fields;
}

function collect(errors: readonly ValidationError[], parentPath: string, fields: Record<string, string[]>): void {
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    if (error.constraints) {
      const messages = Object.entries(error.constraints).map(([constraint, message]) =>
        constraint === 'whitelistValidation' ? UNKNOWN_FIELD : message,
      );
      fields[path] = [...(fields[path] ?? []), ...messages];
    }
    if (error.children?.length) collect(error.children, path, fields);
  }
}
