import { type ArgumentMetadata, BadRequestException, type PipeTransform } from '@nestjs/common';
import type { IdPrefix } from './id-prefixes';
import { parseId } from './ids';
import { InvalidIdError } from './invalid-id.error';

/**
 * Validates a route or query parameter as an identifier of one kind and yields its canonical form.
 * Usage: `@Param('id', new ParseIdPipe('call_')) id: string` (an instance: the prefix is not injectable).
 */
export class ParseIdPipe implements PipeTransform<unknown, string> {
  constructor(private readonly prefix: IdPrefix) {}

  transform(value: unknown, metadata: ArgumentMetadata): string {
    try {
      return parseId(value, this.prefix);
    } catch (error) {
      if (!(error instanceof InvalidIdError)) throw error;
      const field = metadata.data ?? 'id';
      throw new BadRequestException({
        error: 'invalid_id',
        detail: error.message,
        fields: { [field]: [error.message] },
      });
    }
  }
}
