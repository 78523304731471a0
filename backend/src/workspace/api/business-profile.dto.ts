import type { CreateBusinessProfileRequest } from '@ringcheck/projections';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { Trimmed } from '../../infrastructure/http/trimmed.decorator';
import { normalizeE164 } from '../../calls/domain/e164';

/** A number as the caller typed it becomes E.164 (spec section 5); what cannot be one is left for the check to refuse. */
const toE164 = ({ value }: { value: unknown }) => (typeof value === 'string' ? (normalizeE164(value) ?? value.trim()) : value);

/** A website typed without its scheme is taken as https. */
const withScheme = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text && !/^[a-z][a-z0-9+.-]*:/i.test(text) ? `https://${text}` : text;
};

export class CreateBusinessProfileDto implements CreateBusinessProfileRequest {
  @ApiProperty({ example: 'Harbor Dental' })
  @Trimmed()
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'Business name is required' })
  name!: string;

  @ApiPropertyOptional({ example: '12 Harbor St, Portland, ME' })
  @IsOptional()
  @Trimmed()
  @MaxLength(500, { message: 'address must be at most 500 characters' })
  @IsString({ message: 'address must be text' })
  address?: string;

  @ApiProperty({ example: '(207) 555-0143', description: 'Normalised to E.164.' })
  @Transform(toE164)
  @Matches(/^\+[1-9]\d{10,14}$/, { message: 'Enter a phone number with its area code' })
  @MaxLength(32, { message: 'phone must be at most 32 characters' })
  @IsString({ message: 'phone must be text' })
  @IsNotEmpty({ message: 'phone is required' })
  phone!: string;

  @ApiPropertyOptional({ example: 'owner@harbordental.example' })
  @IsOptional()
  @Trimmed()
  @IsEmail({}, { message: 'Enter an e-mail address such as owner@example.com' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @IsString({ message: 'email must be text' })
  email?: string;

  @ApiPropertyOptional({ example: 'https://harbordental.example' })
  @IsOptional()
  @Transform(withScheme)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: true }, { message: 'Enter a website address such as https://example.com' })
  @MaxLength(2000, { message: 'website must be at most 2000 characters' })
  @IsString({ message: 'website must be text' })
  website?: string;
}
