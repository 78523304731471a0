import type { ProfileUpdateRequest } from '@ringcheck/projections';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Trimmed } from '../../infrastructure/http/trimmed.decorator';

export class UpdateProfileDto implements ProfileUpdateRequest {
  @ApiPropertyOptional({ nullable: true, description: 'Empty or null clears it.' })
  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @IsString({ message: 'First name must be text' })
  first_name?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Empty or null clears it.' })
  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @IsString({ message: 'Last name must be text' })
  last_name?: string | null;
}
