import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { ConversionQueryInput } from './conversion-query';

/** Formats are checked by `parseConversionQuery`, which names the field at fault. */
export class ConversionQueryDto implements ConversionQueryInput {
  @ApiPropertyOptional({ description: 'First day of first visits counted, YYYY-MM-DD (UTC). Default: 12 weeks before `to`.', example: '2026-09-08' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  from?: string;

  @ApiPropertyOptional({ description: 'Last day, inclusive, YYYY-MM-DD (UTC). Default: today. At most two years after `from`.', example: '2026-11-30' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  to?: string;

  @ApiPropertyOptional({ description: 'Replay the log as it stood at this ISO-8601 date-time (a date alone: its end); a future one reads up to now.' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  as_of?: string;

  @ApiPropertyOptional({ description: 'Replay the log up to and including this event position.' })
  @IsOptional()
  @IsString()
  @MaxLength(15)
  as_of_position?: string;
}
