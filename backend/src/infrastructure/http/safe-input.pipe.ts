import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { findUnsafeInput, type InputSource } from './find-unsafe-input';
import { ValidationFailedException } from './validation-failed.exception';

const SOURCES: Readonly<Record<string, InputSource>> = { body: 'body', query: 'query', param: 'path' };

/**
 * Global pipe, ahead of DTO validation: a body, query or path parameter that {@link findUnsafeInput}
 * refuses (control characters, unpaired surrogates, reserved keys, overflowed numbers, repeated query
 * parameters) is a 400 naming the field, whatever the handler's DTO says.
 */
@Injectable()
export class SafeInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const source = SOURCES[metadata.type];
    if (!source) return value;
    const unsafe = findUnsafeInput(value, source, metadata.data ?? '');
    if (unsafe) throw new ValidationFailedException({ [unsafe.path]: [unsafe.problem] });
    return value;
  }
}
