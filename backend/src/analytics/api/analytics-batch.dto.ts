import type { AnalyticsBatchRequest, AnalyticsMessage } from '@ringcheck/projections';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  MaxLength,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';

/** Messages per batch: the web app sends 10; Segment's own clients send up to 100. */
export const MAX_BATCH_MESSAGES = 100;
const MESSAGE_TYPES = ['track', 'identify', 'page'] as const;
const MAX_CAMPAIGN_FIELDS = 10;

/** The field belongs to messages of these types only. */
function OnlyForTypes(types: readonly AnalyticsMessage['type'][]) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'onlyForTypes',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} belongs to ${types.join(' and ')} messages only` },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === undefined || types.includes((args.object as { type?: AnalyticsMessage['type'] }).type!),
      },
    });
}

/** An object of at most `max` text fields of at most 200 characters (UTM parameters). */
function IsShortTextRecord(max: number) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isShortTextRecord',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} must be an object of at most ${max} texts of at most 200 characters` },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.keys(value).length <= max &&
          Object.values(value).every((field) => typeof field === 'string' && field.length <= 200),
      },
    });
}

export class AnalyticsPageDto {
  @ApiPropertyOptional({ example: '/faq' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  path?: string;

  @ApiPropertyOptional({ example: 'https://ringcheck.example.com/faq?utm_source=newsletter' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  referrer?: string;

  @ApiPropertyOptional({ example: 'FAQ' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  title?: string;
}

export class AnalyticsContextDto {
  @ApiPropertyOptional({ type: AnalyticsPageDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AnalyticsPageDto)
  page?: AnalyticsPageDto;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, example: { source: 'newsletter', medium: 'email' } })
  @IsOptional()
  @IsShortTextRecord(MAX_CAMPAIGN_FIELDS)
  campaign?: Record<string, string>;
}

export class AnalyticsMessageDto implements AnalyticsMessage {
  @ApiProperty({ enum: MESSAGE_TYPES })
  @IsIn(MESSAGE_TYPES, { message: `type must be one of: ${MESSAGE_TYPES.join(', ')}` })
  type!: AnalyticsMessage['type'];

  @ApiProperty({ format: 'uuid', description: 'Drawn once per message: a retried batch is stored once.' })
  @IsUUID('all', { message: 'messageId must be a UUID' })
  messageId!: string;

  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  @IsISO8601({ strict: true }, { message: 'timestamp must be an ISO-8601 date-time' })
  timestamp!: string;

  @ApiPropertyOptional({ example: 'Business Search', description: 'Required for track messages.' })
  @ValidateIf((message: AnalyticsMessageDto) => message.type === 'track' || message.event !== undefined)
  @IsString()
  @Length(1, 200, { message: 'event must be 1 to 200 characters' })
  @OnlyForTypes(['track'])
  event?: string;

  @ApiPropertyOptional({ example: 'Home', description: 'The page’s name (page messages).' })
  @IsOptional()
  @IsString()
  @Length(1, 200, { message: 'name must be 1 to 200 characters' })
  @OnlyForTypes(['page'])
  name?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  @OnlyForTypes(['track', 'page'])
  properties?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  @OnlyForTypes(['identify'])
  traits?: Record<string, unknown>;

  @ApiPropertyOptional({ type: AnalyticsContextDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => AnalyticsContextDto)
  context?: AnalyticsContextDto;
}

export class AnalyticsBatchDto implements AnalyticsBatchRequest {
  @ApiProperty({ type: [AnalyticsMessageDto], maxItems: MAX_BATCH_MESSAGES })
  @IsArray()
  @ArrayMinSize(1, { message: 'batch must hold at least one message' })
  @ArrayMaxSize(MAX_BATCH_MESSAGES, { message: `batch must hold at most ${MAX_BATCH_MESSAGES} messages` })
  @ValidateNested({ each: true })
  @Type(() => AnalyticsMessageDto)
  batch!: AnalyticsMessageDto[];

  @ApiProperty({ example: '2026-11-22T10:00:05.000Z' })
  @IsISO8601({ strict: true }, { message: 'sentAt must be an ISO-8601 date-time' })
  sentAt!: string;
}
