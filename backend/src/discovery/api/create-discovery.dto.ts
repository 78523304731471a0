import type { CreateDiscoveryRequest } from '@ringcheck/projections';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { Trimmed } from '../../infrastructure/http/trimmed.decorator';

/**
 * Spec section 5: values are trimmed; business name required; location required, at least 2 characters.
 * class-validator runs a property's checks bottom-up and the app stops at the first failure, so the
 * most basic check is written last.
 */
export class CreateDiscoveryDto implements CreateDiscoveryRequest {
  @ApiProperty({ example: 'Pizza Palace', maxLength: 200 })
  @Trimmed()
  @MaxLength(200, { message: 'Business name must be at most 200 characters' })
  @IsString({ message: 'Business name must be text' })
  @IsNotEmpty({ message: 'Business name is required' })
  business_name!: string;

  @ApiProperty({ example: 'New York, NY', maxLength: 200 })
  @Trimmed()
  @MaxLength(200, { message: 'Location must be at most 200 characters' })
  @MinLength(2, { message: 'At least 2 characters required' })
  @IsString({ message: 'Location must be text' })
  @IsNotEmpty({ message: 'Required' })
  location!: string;
}
