import type { SaveLocationRequest } from '@ringcheck/projections';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trimmed } from '../../infrastructure/http/trimmed.decorator';

export const SAVED_INTERACTIONS = ['saved', 'viewed'] as const;
export const LOCATION_INTERACTIONS = ['saved', 'viewed', 'called'] as const;

export class SaveLocationDto implements SaveLocationRequest {
  @ApiProperty({ example: 'plsr_0b6c9f3e-1234-4abc-8def-0123456789ab' })
  @Trimmed()
  @MaxLength(64)
  @IsString({ message: 'place_search_result_id must be text' })
  @IsNotEmpty({ message: 'place_search_result_id is required' })
  place_search_result_id!: string;

  @ApiPropertyOptional({ enum: SAVED_INTERACTIONS, default: 'saved' })
  @IsOptional()
  @IsIn(SAVED_INTERACTIONS, { message: "interaction_type must be saved or viewed ('called' is recorded when you call the business)" })
  interaction_type?: 'saved' | 'viewed';

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Trimmed()
  @MaxLength(2000, { message: 'notes must be at most 2000 characters' })
  @IsString({ message: 'notes must be text' })
  notes?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject({ message: 'metadata must be an object' })
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'favorite must be true or false' })
  favorite?: boolean;
}

export class ListLocationsQuery {
  @ApiPropertyOptional({ enum: LOCATION_INTERACTIONS })
  @IsOptional()
  @IsIn(LOCATION_INTERACTIONS, { message: `interaction_type must be one of: ${LOCATION_INTERACTIONS.join(', ')}` })
  interaction_type?: (typeof LOCATION_INTERACTIONS)[number];

  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'favorites_only must be true or false' })
  favorites_only?: 'true' | 'false';
}
