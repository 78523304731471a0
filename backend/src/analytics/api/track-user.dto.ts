import type { TrackUserRequest } from '@ringcheck/projections';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class TrackUserDto implements TrackUserRequest {
  @ApiPropertyOptional({ description: 'Browser fingerprint (hashed before it is stored; kept only with analytics consent).', maxLength: 512 })
  @IsOptional()
  @IsString()
  @MinLength(8)
  @MaxLength(512)
  fingerprint?: string;

  @ApiPropertyOptional({ example: '1920x1080' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{2,5}x\d{2,5}$/, { message: 'screen_resolution must look like 1920x1080' })
  screen_resolution?: string;

  @ApiPropertyOptional({ example: 'America/New_York' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timezone?: string;

  @ApiPropertyOptional({ example: 'en-US' })
  @IsOptional()
  @IsString()
  @MaxLength(35)
  language?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  referrer?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsBoolean()
  gdpr_consent?: boolean | null;

  @ApiPropertyOptional({ description: 'The anon_ id the browser already holds.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  anon_id?: string | null;
}
