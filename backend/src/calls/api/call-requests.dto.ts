import type { DiscoveryCallRequest, CreateCallRequest, TestCallRequest } from '@ringcheck/projections';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trimmed } from '../../infrastructure/http/trimmed.decorator';

export class DiscoveryCallDto implements DiscoveryCallRequest {
  @ApiProperty({ example: 'disc_0b6c9f3e-1234-4abc-8def-0123456789ab' })
  @Trimmed()
  @MaxLength(64)
  @IsString({ message: 'discovery_id must be text' })
  @IsNotEmpty({ message: 'Discovery ID is missing' })
  discovery_id!: string;

  @ApiPropertyOptional({ example: 'plsr_0b6c9f3e-1234-4abc-8def-0123456789ab' })
  @IsOptional()
  @MaxLength(64)
  @IsString({ message: 'place_result_id must be text' })
  place_result_id?: string;
}

export class CreateCallDto implements CreateCallRequest {
  @ApiProperty({ example: 'disc_0b6c9f3e-1234-4abc-8def-0123456789ab' })
  @Trimmed()
  @MaxLength(64)
  @IsString({ message: 'business_discovery must be text' })
  @IsNotEmpty({ message: 'Discovery ID is missing' })
  business_discovery!: string;

  @ApiProperty({ example: '(212) 555-0142' })
  @Trimmed()
  @MaxLength(32)
  @IsString({ message: 'to_number must be text' })
  @IsNotEmpty({ message: 'to_number is required' })
  to_number!: string;
}

export class TestCallDto implements TestCallRequest {
  @ApiProperty({ example: '(212) 555-0142' })
  @Trimmed()
  @MaxLength(32)
  @IsString({ message: 'phone_number must be text' })
  @IsNotEmpty({ message: 'phone_number is required' })
  phone_number!: string;
}

export class EmptyDto {}
