import type { INestApplication, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { ANALYTICS_BATCH_BODY } from './analytics/api/analytics-batch-body';
import { AppModule } from './app.module';
import { CallFastReads } from './calls/api/call-fast-reads';
import { IdentityAuthenticator } from './identity';
import { compressJsonAnswers } from './infrastructure/http/compression/compressed-json';
import { installFastReads } from './infrastructure/http/fast-reads';
import { serveWebApp } from './infrastructure/http/web-app/serve-web-app';
import { readAfterSeenPosition } from './infrastructure/http/seen-position';
import { commandContextOf } from './infrastructure/request';
import { PushedPositions } from './realtime/pushed-positions';
import { shareRoomsThroughRedis } from './realtime/shared-rooms.adapter';
import { PortRegistry } from './health/port-registry';
import { type AppConfig, usesSecureCookies } from './infrastructure/config';
import { csrfCookieMiddleware, JSON_BODY_OPTIONS, RateLimits, setupOpenApi } from './infrastructure/http';
import { PinoLoggerService } from './infrastructure/logging';
import { VisitorProof, visitorProofMiddleware } from './infrastructure/visitor';

/** Builds the whole application (API, realtime, web app) without listening. */
export async function createApp(config: AppConfig, logger: Logger): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, logger), appOptions(config, logger));
  const pushed = app.get(PushedPositions);
  await shareRoomsThroughRedis(app, config.redisUrl, ({ position, documentId, rooms }) => {
    pushed.told(position);
    pushed.toldRooms(rooms, documentId, position);
  });
  return configureApp(app, config);
}

export function appOptions(config: AppConfig, logger: Logger): NestApplicationOptions {
  return {
    logger: new PinoLoggerService(logger),
    cors: config.corsOrigins.length > 0 ? { origin: [...config.corsOrigins], credentials: true } : false,
    bodyParser: false,
  };
}

/** Body parsing, proxies, cookies, OpenAPI and the web app, on an application built from {@link AppModule}. */
export function configureApp(app: NestExpressApplication, config: AppConfig): INestApplication {
  // request.ip, which every limit counts against, is taken from X-Forwarded-For only when a trusted proxy sent it.
  app.set('trust proxy', config.trustedProxies.length > 0 ? [...config.trustedProxies] : false);
  app.use(compressJsonAnswers());
  app.use(ANALYTICS_BATCH_BODY.path, express.json(ANALYTICS_BATCH_BODY.options));
  app.useBodyParser('json', JSON_BODY_OPTIONS);
  app.enableShutdownHooks();
  app.use(csrfCookieMiddleware({ secure: usesSecureCookies(config) }));
  app.use(visitorProofMiddleware(app.get(VisitorProof)));
  setupOpenApi(app);
  serveWebApp(app, config.webDistDir);
  answerHotReadsFirst(app, config);
  // Outermost: a read the web app sends after a push waits for that push's documents to be written.
  const pushed = app.get(PushedPositions);
  readAfterSeenPosition(app.getHttpServer(), (position) => pushed.written(position));
  return app;
}

/**
 * The call report and the call list, answered ahead of Express and NestJS (see FastReadRoute). Not
 * with CORS configured: its middleware adds headers to every answer.
 */
function answerHotReadsFirst(app: NestExpressApplication, config: AppConfig): void {
  if (config.corsOrigins.length > 0) return;
  const express = app.getHttpAdapter().getInstance() as Express;
  const proof = app.get(VisitorProof);
  const authenticator = app.get(IdentityAuthenticator);
  installFastReads(app.getHttpServer(), {
    routes: app.get(CallFastReads).routes,
    limits: app.get(RateLimits),
    trustProxy: express.get('trust proxy fn'),
    etagOf: express.get('etag fn'),
    poweredBy: express.enabled('x-powered-by'),
    provenAnonIds: (visitorCookie) => proof.open(visitorCookie),
    authenticate: (authorization, client) => authenticator.fromAuthorization(authorization, commandContextOf(client)),
  });
}

export function portAdapters(app: INestApplication): Record<string, string> {
  return app.get(PortRegistry).adapters();
}
