import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export const OPEN_API_UI_PATH = 'api/docs';
export const OPEN_API_JSON_PATH = 'api/docs-json';

export interface OpenApiOptions {
  readonly version?: string;
}

/** Serves the API reference: the UI at /api/docs and the OpenAPI JSON at /api/docs-json. Call before `listen()`. */
export function setupOpenApi(app: INestApplication, options: OpenApiOptions = {}): void {
  const config = new DocumentBuilder()
    .setTitle('Ringcheck API')
    .setDescription(
      'Search for a business, place a test call to it and read the report. State-changing requests need the ' +
        'csrftoken cookie value in the X-CSRFToken header; signed-in requests send a bearer token.',
    )
    .setVersion(options.version ?? '0.1.0')
    .addBearerAuth()
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-CSRFToken' }, 'csrf')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Anonymous-ID' }, 'anonymous')
    .build();
  const documentFactory = (): OpenAPIObject => SwaggerModule.createDocument(app, config);
  SwaggerModule.setup(OPEN_API_UI_PATH, app, documentFactory, { jsonDocumentUrl: OPEN_API_JSON_PATH });
}
