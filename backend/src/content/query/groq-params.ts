import { ContentQueryError } from './content-query-error';
import { MAX_PARAMS_LENGTH, MAX_QUERY_LENGTH } from './query-limits';

export type GroqParams = Record<string, unknown>;

/** A query and its parameters as the client sent them. */
export interface GroqRequest {
  readonly query: string;
  readonly params: GroqParams;
}

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads a GET query string as Sanity's query API does: `query=<GROQ>` and each parameter as
 * `$name=<JSON value>` (strings quoted). Other options (tag, perspective, returnQuery …) change nothing here.
 */
export function groqRequestFromSearch(search: URLSearchParams): GroqRequest {
  const queries = search.getAll('query');
  if (queries.length === 0) throw badRequest('Missing query parameter "query"');
  if (queries.length > 1) throw badRequest('Parameter "query" is given more than once');
  const params: GroqParams = {};
  for (const [key, raw] of search) {
    if (!key.startsWith('$')) continue;
    const name = key.slice(1);
    checkName(name);
    if (Object.hasOwn(params, name)) throw badRequest(`Parameter "$${name}" is given more than once`);
    try {
      params[name] = JSON.parse(raw);
    } catch {
      throw badRequest(`Unable to parse value of "$${name}=${truncate(raw)}". Please quote string values.`);
    }
  }
  return checked(queries[0], params);
}

/** Reads a POST body as Sanity's query API does: `{ query, params }`. */
export function groqRequestFromBody(body: unknown): GroqRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The body must be a JSON object with "query" and "params"');
  const { query, params } = body as { query?: unknown; params?: unknown };
  if (typeof query !== 'string') throw badRequest('Missing query: the body needs "query" as a string');
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    throw badRequest('"params" must be an object of parameter values');
  }
  const copy: GroqParams = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    checkName(name);
    copy[name] = value;
  }
  return checked(query, copy);
}

function checked(query: string, params: GroqParams): GroqRequest {
  if (query.trim() === '') throw badRequest('The query is empty');
  if (query.length > MAX_QUERY_LENGTH) {
    throw new ContentQueryError(400, 'queryTooLong', `The query is too long: ${query.length} characters, at most ${MAX_QUERY_LENGTH} are accepted`);
  }
  const paramsLength = JSON.stringify(params).length;
  if (paramsLength > MAX_PARAMS_LENGTH) {
    throw new ContentQueryError(400, 'queryTooLong', `The parameters are too long: ${paramsLength} characters of JSON, at most ${MAX_PARAMS_LENGTH} are accepted`);
  }
  return { query, params };
}

function checkName(name: string): void {
  // Parameters are kept in a plain object (the GROQ evaluator asks it hasOwnProperty), so no prototype keys.
  if (!PARAM_NAME.test(name) || name === '__proto__' || name === 'hasOwnProperty') throw badRequest(`Invalid parameter name "$${truncate(name)}": use letters, digits and _`);
}

function badRequest(description: string): ContentQueryError {
  return new ContentQueryError(400, 'httpBadRequest', description);
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
