import type { TrackEventRequest } from '@ringcheck/projections';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class TrackEventDto implements TrackEventRequest {
  @ApiProperty({ example: 'page' })
  @IsString()
  @Matches(/^[\w .:-]{1,100}$/, { message: 'event_type must be 1 to 100 letters, digits, spaces or ._:-' })
  event_type!: string;

  @ApiProperty({ example: 'Business Search' })
  @IsString()
  @Matches(/^.{1,200}$/s, { message: 'event_name must be 1 to 200 characters' })
  event_name!: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  event_data?: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({ example: '2026-11-22T10:00:00.000Z' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'timestamp must be an ISO-8601 date-time' })
  timestamp?: string;
}
