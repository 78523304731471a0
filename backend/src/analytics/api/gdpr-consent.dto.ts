import type { GdprConsentRequest } from '@ringcheck/projections';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

export class GdprConsentDto implements GdprConsentRequest {
  @ApiProperty()
  @IsBoolean()
  consent!: boolean;

  @ApiPropertyOptional({ description: 'Defaults to the X-Anonymous-ID header.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  anon_id?: string;
}
