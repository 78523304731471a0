import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Spec section 5: values are trimmed; business name required; location required, at least 2 characters. */
export class CreateDiscoveryDto {
  @ApiProperty({ example: 'Pizza Palace', maxLength: 200 })
  @Transform(trim)
  @IsNotEmpty({ message: 'Business name is required' })
  @IsString({ message: 'Business name must be text' })
  @MaxLength(200, { message: 'Business name must be at most 200 characters' })
  business_name!: string;

  @ApiProperty({ example: 'New York, NY', maxLength: 200 })
  @Transform(trim)
  @IsNotEmpty({ message: 'Required' })
  @IsString({ message: 'Location must be text' })
  @MinLength(2, { message: 'At least 2 characters required' })
  @MaxLength(200, { message: 'Location must be at most 200 characters' })
  location!: string;
}
