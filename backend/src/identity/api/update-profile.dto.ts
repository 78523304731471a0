import type { ProfileUpdateRequest } from '@ringcheck/projections';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateProfileDto implements ProfileUpdateRequest {
  @ApiPropertyOptional({ nullable: true, description: 'Empty or null clears it.' })
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @IsString({ message: 'First name must be text' })
  first_name?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Empty or null clears it.' })
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @IsString({ message: 'Last name must be text' })
  last_name?: string | null;
}
