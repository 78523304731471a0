import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BusinessDirectory, DirectorySearchError } from '../../ports/business-directory';
import { MAX_PAGE_SIZE, type PlacesErrorBody, type PlacesPlace, SEARCH_TEXT_PATH } from './places-api';
import { toPlacesPlace } from './to-places-place';

/** How the stand-in misbehaves for the next requests. */
export type StandInFailure =
  | { kind: 'error'; httpStatus: number; status: string; message: string; reason?: string }
  | { kind: 'hang' }
  | { kind: 'drop' };

/** Google's answers for the failures the adapter must tell apart. */
export const PLACES_FAILURES = {
  quotaExceeded: { kind: 'error', httpStatus: 429, status: 'RESOURCE_EXHAUSTED', message: "Quota exceeded for quota metric 'SearchTextRequest'." },
  permissionDenied: { kind: 'error', httpStatus: 403, status: 'PERMISSION_DENIED', message: 'Places API (New) has not been used in project 0 before or it is disabled.' },
  internal: { kind: 'error', httpStatus: 500, status: 'INTERNAL', message: 'Internal error encountered.' },
  unavailable: { kind: 'error', httpStatus: 503, status: 'UNAVAILABLE', message: 'The service is currently unavailable.' },
  invalidArgument: { kind: 'error', httpStatus: 400, status: 'INVALID_ARGUMENT', message: 'Invalid text query.' },
  hang: { kind: 'hang' },
  drop: { kind: 'drop' },
} satisfies Record<string, StandInFailure>;

export interface RecordedPlacesRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** Top-level place fields the stand-in can serve, as named in a field mask. */
const SERVABLE_FIELDS = new Set<keyof PlacesPlace>([
  'id', 'displayName', 'formattedAddress', 'nationalPhoneNumber', 'internationalPhoneNumber', 'websiteUri', 'rating',
  'userRatingCount', 'types', 'businessStatus', 'regularOpeningHours', 'utcOffsetMinutes',
]);

/**
 * A local server that speaks Places API (New) Text Search, for tests and offline development: it checks
 * the method, path, API key, field mask and body like Google does, answers with Google-shaped JSON
 * limited to the field mask, and can be told to fail, hang or drop the connection.
 * Searches are answered by a real directory (usually an EmbeddedDirectory over a small data set).
 */
export class PlacesStandInServer {
  readonly requests: RecordedPlacesRequest[] = [];
  private failures: { failure: StandInFailure; remaining: number }[] = [];

  private constructor(
    private readonly server: Server,
    private readonly apiKey: string,
    private readonly directory: BusinessDirectory,
  ) {}

  static async start(options: { apiKey: string; directory: BusinessDirectory }): Promise<PlacesStandInServer> {
    let standIn: PlacesStandInServer | undefined;
    const server = createServer((request, response) => {
      standIn!.handle(request, response).catch((error: Error) => {
        if (!response.headersSent) sendError(response, 500, 'INTERNAL', error.message);
      });
    });
    standIn = new PlacesStandInServer(server, options.apiKey, options.directory);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return standIn;
  }

  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** The next `times` requests fail this way (after any failures already queued). */
  failNext(failure: StandInFailure, times = 1): void {
    this.failures.push({ failure, remaining: times });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    let parsed: unknown = body;
    try {
      parsed = body === '' ? undefined : JSON.parse(body);
    } catch {
      // Recorded as text; answered below as an invalid body.
    }
    this.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: parsed });

    const failure = this.takeFailure();
    if (failure?.kind === 'hang') return;
    if (failure?.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    if (failure) return sendError(response, failure.httpStatus, failure.status, failure.message, failure.reason);

    if (request.url !== SEARCH_TEXT_PATH) return sendError(response, 404, 'NOT_FOUND', `The requested URL ${request.url} was not found on this server.`);
    if (request.method !== 'POST') return sendError(response, 404, 'NOT_FOUND', `Method ${request.method} is not supported on ${SEARCH_TEXT_PATH}.`);
    const key = request.headers['x-goog-api-key'];
    if (!key) return sendError(response, 403, 'PERMISSION_DENIED', 'The request is missing a valid API key.');
    if (key !== this.apiKey) return sendError(response, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
    const fields = parseFieldMask(request.headers['x-goog-fieldmask']);
    if (typeof fields === 'string') return sendError(response, 400, 'INVALID_ARGUMENT', fields);
    if (typeof parsed !== 'object' || parsed === null) return sendError(response, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    const { textQuery, pageSize } = parsed as { textQuery?: unknown; pageSize?: unknown };
    if (typeof textQuery !== 'string' || textQuery.trim() === '') return sendError(response, 400, 'INVALID_ARGUMENT', 'Empty text_query.');
    if (pageSize !== undefined && (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 0)) {
      return sendError(response, 400, 'INVALID_ARGUMENT', 'page_size must be a non-negative integer.');
    }
    const places = await this.searchPlaces(textQuery, Math.min(pageSize || MAX_PAGE_SIZE, MAX_PAGE_SIZE));
    sendJson(response, 200, places.length === 0 ? {} : { places: places.map((place) => pickFields(place, fields)) });
  }

  private takeFailure(): StandInFailure | undefined {
    const next = this.failures[0];
    if (!next) return undefined;
    next.remaining -= 1;
    if (next.remaining <= 0) this.failures.shift();
    return next.failure;
  }

  /** 'Pizza Palace in New York, NY' -> name and location, searched in the backing directory. */
  private async searchPlaces(textQuery: string, limit: number): Promise<PlacesPlace[]> {
    const separator = textQuery.toLowerCase().lastIndexOf(' in ');
    const businessName = (separator < 0 ? textQuery : textQuery.slice(0, separator)).trim();
    const location = separator < 0 ? '' : textQuery.slice(separator + 4).trim();
    if (!businessName || !location) return [];
    try {
      return (await this.directory.search({ businessName, location }, { limit })).map(toPlacesPlace);
    } catch (error) {
      // Google answers nonsense places with no results rather than an error.
      if (error instanceof DirectorySearchError && error.reason === 'location_unclear') return [];
      throw error;
    }
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The set of place fields asked for, or the error Google gives for a bad mask. */
function parseFieldMask(header: string | string[] | undefined): Set<keyof PlacesPlace> | string {
  const mask = Array.isArray(header) ? header.join(',') : header;
  if (!mask || mask.trim() === '') return 'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it.';
  const fields = new Set<keyof PlacesPlace>();
  for (const path of mask.split(',').map((part) => part.trim())) {
    if (path === '*' || path === 'places.*' || path === 'places') {
      SERVABLE_FIELDS.forEach((field) => fields.add(field));
      continue;
    }
    const field = /^places\.([A-Za-z]+)(\..+)?$/.exec(path)?.[1] as keyof PlacesPlace | undefined;
    if (!field || !SERVABLE_FIELDS.has(field)) return `Invalid field: ${path}`;
    fields.add(field);
  }
  return fields;
}

function pickFields(place: PlacesPlace, fields: Set<keyof PlacesPlace>): PlacesPlace {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (place[field] !== undefined) picked[field] = place[field];
  return picked as PlacesPlace;
}

function sendError(response: ServerResponse, httpStatus: number, status: string, message: string, reason?: string): void {
  const body: PlacesErrorBody = { error: { code: httpStatus, message, status } };
  if (reason) body.error!.details = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason }];
  sendJson(response, httpStatus, body);
}

function sendJson(response: ServerResponse, httpStatus: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(httpStatus, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}
