import { Body, Controller, type INestApplication, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import request from 'supertest';
import { ApiExceptionFilter } from './api-exception.filter';
import { createValidationPipe } from './create-validation-pipe';

class ContactDto {
  @IsString()
  @IsNotEmpty({ message: 'Street is required' })
  street!: string;
}

class CreateDiscoveryDto {
  @IsNotEmpty({ message: 'Business name is required' })
  business_name!: string;

  @MinLength(2, { message: 'At least 2 characters required' })
  @IsNotEmpty({ message: 'Required' })
  location!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  max_results?: number;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => ContactDto)
  contacts?: ContactDto[];
}

@Controller('api/discoveries')
class DiscoveriesProbeController {
  @Post()
  create(@Body() body: CreateDiscoveryDto) {
    return { isDto: body instanceof CreateDiscoveryDto, body };
  }
}

describe('createValidationPipe', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [DiscoveriesProbeController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalPipes(createValidationPipe());
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.init();
  });

  afterAll(() => app.close());

  const post = (body: object) => request(app.getHttpServer()).post('/api/discoveries').send(body);

  it('passes a valid payload on as a DTO instance', async () => {
    const response = await post({ business_name: 'Sunrise Plumbing', location: 'Springfield', max_results: 5 }).expect(
      201,
    );
    expect(response.body).toEqual({
      isDto: true,
      body: { business_name: 'Sunrise Plumbing', location: 'Springfield', max_results: 5 },
    });
  });

  it('names the missing field with its message', async () => {
    const response = await post({ location: 'Springfield' }).expect(400);
    expect(response.body).toEqual({
      error: 'validation_error',
      detail: 'business_name: Business name is required',
      fields: { business_name: ['Business name is required'] },
    });
  });

  it('lists every invalid field', async () => {
    const response = await post({ business_name: '', location: 'x' }).expect(400);
    expect(response.body.fields).toEqual({
      business_name: ['Business name is required'],
      location: ['At least 2 characters required'],
    });
    expect(response.body.detail).toBe(
      'business_name: Business name is required; location: At least 2 characters required',
    );
  });

  it('rejects unknown fields by name', async () => {
    const response = await post({ business_name: 'Sunrise', location: 'Springfield', is_admin: true }).expect(400);
    expect(response.body).toEqual({
      error: 'validation_error',
      detail: 'is_admin: This field is not allowed',
      fields: { is_admin: ['This field is not allowed'] },
    });
  });

  it('reports nested fields by their path', async () => {
    const response = await post({
      business_name: 'Sunrise',
      location: 'Springfield',
      contacts: [{ street: 'Main St' }, { street: '' }],
    }).expect(400);
    expect(response.body.fields).toEqual({ 'contacts.1.street': ['Street is required'] });
  });

  it("keeps class-validator's default messages", async () => {
    const response = await post({ business_name: 'Sunrise', location: 'Springfield', max_results: 50 }).expect(400);
    expect(response.body.fields).toEqual({ max_results: ['max_results must not be greater than 20'] });
  });

  it('treats a missing body as an empty one', async () => {
    const response = await request(app.getHttpServer()).post('/api/discoveries').expect(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(['business_name', 'location']);
  });
});
