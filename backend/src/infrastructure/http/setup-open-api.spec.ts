import { Body, Controller, type INestApplication, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ApiProperty } from '@nestjs/swagger';
import request from 'supertest';
import { setupOpenApi } from './setup-open-api';

class CreateDiscoveryProbeDto {
  @ApiProperty({ example: 'Sunrise Plumbing' })
  business_name!: string;
}

@Controller('api/discoveries')
class DiscoveriesProbeController {
  @Post()
  create(@Body() body: CreateDiscoveryProbeDto) {
    return body;
  }
}

describe('setupOpenApi', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [DiscoveriesProbeController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    setupOpenApi(app, { version: '1.2.3' });
    await app.init();
  });

  afterAll(() => app.close());

  it('serves the OpenAPI document at /api/docs-json', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(response.body).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      info: { title: 'Ringcheck API', version: '1.2.3' },
      paths: { '/api/discoveries': { post: expect.any(Object) } },
      components: {
        schemas: { CreateDiscoveryProbeDto: { properties: { business_name: expect.any(Object) } } },
        securitySchemes: {
          bearer: expect.objectContaining({ scheme: 'bearer' }),
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    });
  });

  it('serves the interactive reference at /api/docs', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs').redirects(1).expect(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('swagger-ui');
  });
});
