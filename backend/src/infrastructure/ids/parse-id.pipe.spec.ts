import { Controller, Get, type INestApplication, Param } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ParseIdPipe } from './parse-id.pipe';

const UUID = '0b6c9f3e-4a1d-4e2b-8c3f-5d6e7f8a9b0c';

@Controller('api/calls')
class CallsProbeController {
  @Get(':callId')
  show(@Param('callId', new ParseIdPipe('call_')) callId: string) {
    return { callId };
  }
}

describe('ParseIdPipe', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [CallsProbeController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it('hands the canonical id to the handler', async () => {
    const response = await request(app.getHttpServer()).get(`/api/calls/${UUID.toUpperCase()}`).expect(200);
    expect(response.body).toEqual({ callId: `call_${UUID}` });
  });

  it('answers 400 for a malformed UUID', async () => {
    const response = await request(app.getHttpServer()).get('/api/calls/not-a-uuid').expect(400);
    expect(response.body).toEqual({
      error: 'invalid_id',
      detail: 'Invalid UUID format',
      fields: { callId: ['Invalid UUID format'] },
    });
  });

  it('answers 400 for an id of another kind', async () => {
    const response = await request(app.getHttpServer()).get(`/api/calls/disc_${UUID}`).expect(400);
    expect(response.body.detail).toBe("ID prefix mismatch: expected 'call_' but got 'disc_'");
  });
});
