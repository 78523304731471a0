import type { LinkAnonymousRequest, LinkMultipleAnonymousRequest } from '@ringcheck/projections';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LinkAnonymousDto implements LinkAnonymousRequest {
  @ApiProperty({ example: 'anon_0b6c9f3e-1234-4abc-8def-0123456789ab' })
  @MaxLength(64)
  @IsString({ message: 'anon_id must be text' })
  @IsNotEmpty({ message: 'anon_id is required' })
  anon_id!: string;

  @ApiProperty({ enum: ['signup', 'signin', 'manual'] })
  @IsIn(['signup', 'signin', 'manual'], { message: 'conversion_source must be one of: signup, signin, manual' })
  conversion_source!: 'signup' | 'signin' | 'manual';
}

export class LinkMultipleAnonymousDto implements LinkMultipleAnonymousRequest {
  @ApiProperty({ type: [String] })
  @IsString({ each: true, message: 'each anon_ids entry must be text' })
  @ArrayMaxSize(20, { message: 'anon_ids may hold at most 20 ids' })
  @ArrayMinSize(1, { message: 'anon_ids must hold at least one id' })
  @IsArray({ message: 'anon_ids must be a list' })
  anon_ids!: string[];
}
