import type { PasswordChangeRequest } from '@ringcheck/projections';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsPassword } from './is-password.decorator';

export class ChangePasswordDto implements PasswordChangeRequest {
  @ApiProperty()
  @MaxLength(200, { message: 'Current password must be at most 200 characters' })
  @MinLength(1, { message: 'Current password is required' })
  @IsString({ message: 'Current password is required' })
  current_password!: string;

  @ApiProperty({ minLength: 10, maxLength: 200 })
  @IsPassword()
  new_password!: string;
}
