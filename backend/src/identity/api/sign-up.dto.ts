import type { SignUpRequest } from '@ringcheck/projections';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trimmed } from '../../infrastructure/http/trimmed.decorator';
import { IsPassword } from './is-password.decorator';

export class SignUpDto implements SignUpRequest {
  @ApiProperty({ example: 'owner@example.com' })
  @Trimmed()
  @IsEmail({}, { message: 'Enter a valid e-mail address' })
  @MaxLength(254, { message: 'E-mail must be at most 254 characters' })
  @IsString({ message: 'E-mail is required' })
  email!: string;

  @ApiProperty({ minLength: 10, maxLength: 200 })
  @IsPassword()
  password!: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @IsString({ message: 'First name must be text' })
  first_name?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @IsString({ message: 'Last name must be text' })
  last_name?: string | null;
}
