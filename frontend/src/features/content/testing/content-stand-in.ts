import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ComparisonDocument, ContentServiceView, FaqDocument, PricingDocument } from '../../../api/content-api';
import { type ApiStub, jsonResponse } from '../../../test/api-stub';

type ContentType = 'faq' | 'pricing' | 'comparison';
type Failure = { status: number; body: unknown };

export interface StandInRequest {
  method: string;
  path: string;
  query: string | null;
  params: Record<string, unknown>;
}

/**
 * A loopback stand-in for the content query API (Sanity's URL shape and answer `{ query, result, ms }`),
 * for page tests: it answers by the `_type` a query filters on, or fails or holds a type on request.
 * The real GROQ endpoint is tested in the backend.
 */
export class ContentStandIn {
  readonly requests: StandInRequest[] = [];
  private readonly documents: Record<ContentType, unknown[]> = { faq: [], pricing: [], comparison: [] };
  private readonly failures = new Map<ContentType, Failure>();
  private readonly held = new Map<ContentType, Array<() => void>>();
  private server: Server | null = null;
  private origin = '';

  static async start(): Promise<ContentStandIn> {
    const standIn = new ContentStandIn();
    await standIn.listen();
    return standIn;
  }

  /** What `GET /api/content/config/` answers: this stand-in as the query endpoint. */
  get serviceView(): ContentServiceView {
    return { project_id: null, dataset: 'production', api_version: '2023-05-03', use_cdn: true, api_host: `${this.origin}/api/content` };
  }

  /** Makes `stub` answer the content config with this stand-in. */
  serve(stub: ApiStub): ApiStub {
    return stub.on('GET', '/api/content/config/', () => jsonResponse(200, this.serviceView));
  }

  set(type: 'faq', documents: FaqDocument[]): this;
  set(type: 'pricing', documents: PricingDocument[]): this;
  set(type: 'comparison', documents: ComparisonDocument[]): this;
  set(type: ContentType, documents: unknown[]): this {
    this.documents[type] = documents;
    this.failures.delete(type);
    return this;
  }

  fail(type: ContentType, status: number, body: unknown): this {
    this.failures.set(type, { status, body });
    return this;
  }

  /** Queries of `type` wait until the returned function is called. */
  hold(type: ContentType): () => void {
    this.held.set(type, []);
    return () => {
      const waiting = this.held.get(type) ?? [];
      this.held.delete(type);
      for (const release of waiting) release();
    };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async listen(): Promise<void> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const query = url.searchParams.get('query');
    const params: Record<string, unknown> = {};
    for (const [key, value] of url.searchParams) if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value);
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname, query, params });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify(body));
    };
    const type = query?.match(/_type == "(faq|pricing|comparison)"/)?.[1] as ContentType | undefined;
    if (url.pathname !== '/api/content/v2023-05-03/data/query/production' || !type) {
      send(404, { error: { description: 'Not found', type: 'datasetNotFound' } });
      return;
    }
    const waiting = this.held.get(type);
    if (waiting) await new Promise<void>((resolve) => waiting.push(resolve));
    const failure = this.failures.get(type);
    if (failure) {
      send(failure.status, failure.body);
      return;
    }
    const documents = this.documents[type];
    const result =
      typeof params.slug === 'string'
        ? ((documents as ComparisonDocument[]).find((document) => document.slug.current === params.slug) ?? null)
        : documents;
    send(200, { query, result, ms: 1 });
  }
}
