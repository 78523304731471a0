import type { TrackUserRequest } from '@ringcheck/projections';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class TrackUserDto implements TrackUserRequest {
  @ApiProperty({ description: 'Browser fingerprint (hashed before it is stored).', maxLength: 512 })
  @IsString()
  @MinLength(8)
  @MaxLength(512)
  fingerprint!: string;

  @ApiProperty({ example: '1920x1080' })
  @IsString()
  @Matches(/^\d{2,5}x\d{2,5}$/, { message: 'screen_resolution must look like 1920x1080' })
  screen_resolution!: string;

  @ApiProperty({ example: 'America/New_York' })
  @IsString()
  @MaxLength(64)
  timezone!: string;

  @ApiProperty({ example: 'en-US' })
  @IsString()
  @MaxLength(35)
  language!: string;

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
