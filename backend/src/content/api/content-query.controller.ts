import { createHash } from 'node:crypto';
import type { ContentQueryView, ContentServiceView } from '@ringcheck/projections';
import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../infrastructure/config';
import { CsrfExempt } from '../../infrastructure/http';
import { CONTENT_SOURCE, type ContentSource } from '../ports/content-source';
import { ContentQueryError } from '../query/content-query-error';
import { type GroqRequest, groqRequestFromBody, groqRequestFromSearch } from '../query/groq-params';
import { ContentErrorFilter } from './content-error.filter';
import { contentServiceView } from './content-service-view';

/** Every answer is the same for everyone and changes only with a release: shared caches (a CDN) may keep it. */
const CACHEABLE = 'public, max-age=60, s-maxage=600, stale-while-revalidate=86400';
const API_VERSION = /^v(1|X|\d{4}-\d{2}-\d{2})$/;

/**
 * The content service (spec section 7): FAQ, pricing and comparison documents, read with GROQ through
 * the same URL shape as Sanity's query API, `/v<apiVersion>/data/query/<dataset>`, so @sanity/client
 * talks to it with `apiHost` set to `<origin>/api/content`.
 */
@ApiTags('content')
@Controller('api/content')
@UseFilters(ContentErrorFilter)
export class ContentQueryController {
  constructor(
    @Inject(CONTENT_SOURCE) private readonly source: ContentSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('config/')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'Where the web app sends content queries: a Sanity project, or this server (project_id null).' })
  serviceConfig(): ContentServiceView {
    return contentServiceView(this.config.content);
  }

  @Get(':apiVersion/data/query/:dataset')
  @ApiOperation({ summary: 'Answers a GROQ query over the public content documents, as Sanity’s query API: { query, result, ms }.' })
  @ApiQuery({ name: 'query', required: true, description: 'The GROQ query; each parameter as $name=<JSON value>.' })
  async queryByGet(
    @Param('apiVersion') apiVersion: string,
    @Param('dataset') dataset: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ContentQueryView> {
    this.checkTarget(apiVersion, dataset);
    // Read from the raw URL: GROQ text holds line breaks and `$` keys, which the API's generic query checks refuse.
    const search = new URLSearchParams((request.originalUrl ?? request.url).split('?')[1] ?? '');
    return this.answer(groqRequestFromSearch(search), response);
  }

  @Post(':apiVersion/data/query/:dataset')
  @HttpCode(200)
  // A query changes nothing and reads only public documents, so there is no forged request to guard against.
  @CsrfExempt()
  @ApiOperation({ summary: 'The same query as a JSON body { query, params }: what @sanity/client sends when the URL would be too long.' })
  async queryByPost(
    @Param('apiVersion') apiVersion: string,
    @Param('dataset') dataset: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ContentQueryView> {
    this.checkTarget(apiVersion, dataset);
    return this.answer(groqRequestFromBody(body), response);
  }

  private checkTarget(apiVersion: string, dataset: string): void {
    if (!API_VERSION.test(apiVersion)) {
      throw new ContentQueryError(400, 'httpBadRequest', `Invalid API version "${apiVersion.slice(0, 40)}": expected v1, vX or a date such as v2023-05-03`);
    }
    if (this.source.dataset === null || dataset !== this.source.dataset) {
      throw new ContentQueryError(404, 'datasetNotFound', `Dataset "${dataset.slice(0, 64)}" not found`);
    }
  }

  private async answer(request: GroqRequest, response: Response): Promise<ContentQueryView> {
    const { result, ms } = await this.source.query(request);
    response.setHeader('Cache-Control', CACHEABLE);
    // Of the query and result only (`ms` differs every time), so a cache's revalidation gets a 304 from Express.
    const tag = createHash('sha1').update(JSON.stringify([request.query, request.params, result])).digest('base64url');
    response.setHeader('ETag', `"${tag}"`);
    return { query: request.query, result, ms };
  }
}
