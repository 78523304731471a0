import type { SignInRequest } from '@ringcheck/projections';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class SignInDto implements SignInRequest {
  @ApiProperty({ example: 'owner@example.com' })
  @MaxLength(254, { message: 'E-mail must be at most 254 characters' })
  @MinLength(1, { message: 'E-mail is required' })
  @IsString({ message: 'E-mail is required' })
  email!: string;

  @ApiProperty()
  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  @MinLength(1, { message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  password!: string;
}
