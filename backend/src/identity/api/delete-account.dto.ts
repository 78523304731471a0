import type { DeleteAccountRequest } from '@ringcheck/projections';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class DeleteAccountDto implements DeleteAccountRequest {
  @ApiPropertyOptional({ description: 'Required for accounts with a password here.' })
  @IsOptional()
  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  @IsString({ message: 'Password must be text' })
  password?: string;
}
