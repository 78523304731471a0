import fc from 'fast-check';
import { JSON_LIMITS } from '../src/infrastructure/http';
import type { RawRequest } from './raw-http';

/** The parts of an OpenAPI 3 document read here. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  example?: unknown;
  minLength?: number;
  maxLength?: number;
}

export interface Operation {
  readonly method: string;
  /** The path template, e.g. /api/discoveries/{id}/status. */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  /** Fields of the JSON body and their schemas, references resolved; empty when the body has none. */
  readonly bodyFields: ReadonlyArray<readonly [string, JsonSchema]>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation the document describes. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {}) : schema;
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const schema = operation.requestBody?.content['application/json']?.schema;
        const properties = schema ? (resolve(schema).properties ?? {}) : {};
        return {
          method: method.toUpperCase(),
          path,
          pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
          bodyFields: Object.entries(properties).map(([name, property]) => [name, resolve(property)] as const),
        };
      }),
  );
}

// Characters that break naive handling: controls, lone surrogates, URL and JSON syntax, bidi and BOM.
const CONTROL_CHARACTERS = [...Array.from({ length: 0x20 }, (_, c) => c), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)].map(
  (code) => String.fromCharCode(code),
);
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
const SYNTAX = ['%', '"', '\\', '/', '.', '&', '=', '?', '#', '+', ' ', '[', ']', '{', '}', '\u2028', '\uFEFF', '\u202E', 'é', '🍕'];
const NOTABLE_TEXT = ['', ' ', 'null', 'true', '0', '-1', '1e999', 'NaN', '__proto__', 'constructor', '$where', 'a.b', '../..', '%00', '<script>'];

const hostileCharacter = fc.oneof(
  fc.constantFrom(...CONTROL_CHARACTERS),
  fc.constantFrom(...LONE_SURROGATES),
  fc.constantFrom(...SYNTAX),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
);

/** Short hostile text; `longest` caps the occasional long run (URLs must stay under Node's header limit). */
function hostileText(longest: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: hostileCharacter, maxLength: 24 }) },
    { weight: 2, arbitrary: fc.constantFrom(...NOTABLE_TEXT) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: longest }).map((length) => 'x'.repeat(length)) },
  );
}

const urlText = hostileText(2_000);
const bodyText = hostileText(200_000);
const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

function hostileJson(knownKeys: readonly string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    { weight: 3, arbitrary: knownKeys.length > 0 ? fc.constantFrom(...knownKeys) : urlText },
    { weight: 2, arbitrary: urlText },
    { weight: 1, arbitrary: fc.constantFrom(...RESERVED_KEYS) },
  );
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { maxDepth: 4, depthSize: 'small' },
      bodyText,
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  })).value;
}

/** A value the field would accept, so that the hostile fields beside it are what gets checked. */
function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (typeof schema.example === 'string') {
    const id = /^([a-z]+_)[0-9a-f-]{36}$/.exec(schema.example);
    if (id) return fc.uuid().map((uuid) => `${id[1]}${uuid}`);
    // Random addresses: a repeated one would be slowed down by the sign-in throttle.
    if (schema.example.includes('@')) return fc.emailAddress();
    return fc.constant(schema.example);
  }
  if (schema.type === 'boolean') return fc.boolean();
  if (schema.type === 'array') return fc.array(plausible(schema.items ?? {}), { maxLength: 3 });
  if (schema.type === 'object') return fc.constant({});
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 40)) });
}

/** The operation's own fields, each plausible, hostile or left out, plus a few hostile extras. */
function shapedBody(operation: Operation, hostile: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(operation.bodyFields.map(([name, schema]) => [name, fc.oneof(plausible(schema), hostile)]));
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.dictionary(urlText, hostile, { maxKeys: 2 }), { freq: 3 }))
    .map(([own, extras]) => ({ ...(extras ?? {}), ...own }));
}

const nestedText = (open: string, close: string, depth: number) => `${open.repeat(depth)}1${close.repeat(depth)}`;

/** Bodies no serializer would write: too deep, too many values, truncated, overflowing, reserved keys, escaped controls. */
function rawBody(knownKeys: readonly string[]): fc.Arbitrary<string> {
  const field = fc.constantFrom(...knownKeys, 'x');
  const depth = fc.oneof(fc.integer({ min: JSON_LIMITS.maxDepth - 2, max: JSON_LIMITS.maxDepth + 2 }), fc.integer({ min: 100, max: 120_000 }));
  const count = fc.oneof(fc.integer({ min: JSON_LIMITS.maxValues - 3, max: JSON_LIMITS.maxValues + 3 }), fc.integer({ min: 10_000, max: 60_000 }));
  const many = (count: number, item: (i: number) => string) => Array.from({ length: count }, (_, i) => item(i)).join(',');
  return fc.oneof(
    fc.tuple(field, count, fc.constantFrom('0', '{}', '[]')).map(([name, items, item]) => `{"${name}":[${many(items, () => item)}]}`),
    count.map((fields) => `{${many(fields, (i) => `"k${i}":0`)}}`),
    fc.tuple(field, depth, fc.boolean()).map(([name, levels, arrays]) =>
      `{"${name}":${arrays ? nestedText('[', ']', levels) : nestedText('{"a":', '}', levels)}}`,
    ),
    depth.map((levels) => '['.repeat(levels)),
    field.chain((name) =>
      fc.constantFrom(
        `{"${name}":1e999}`,
        `{"${name}":"\\ud800"}`,
        `{"${name}":"\\u0000"}`,
        `{"${name}":{"\\u0000":1}}`,
        `{"${name}":"\\uZZZZ"}`,
        `{"${name}":1,"${name}":"2"}`,
        `{"${name}":${JSON.stringify('x'.repeat(300 * 1024))}}`,
      ),
    ),
    fc.constantFrom('', ' ', 'null', '"text"', '1e999', '\uFEFF{}', '{', '[1,', '[]', '[{}]', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}'),
    bodyText,
  );
}

const CONTENT_TYPES = [
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset="',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/merge-patch+json',
  'application/xml',
  '*/*',
];
const CONTENT_ENCODINGS = ['gzip', 'deflate', 'br', 'identity, gzip', 'x-unknown'];

const bodyHeaders: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.oneof({ weight: 8, arbitrary: fc.constant('application/json') }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
    fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...CONTENT_ENCODINGS) }),
  )
  .map(([type, encoding]) => ({ 'content-type': type, ...(encoding ? { 'content-encoding': encoding } : {}) }));

/** Percent-encodes every byte outside the unreserved set; a lone surrogate becomes U+FFFD, as in browsers. */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

const MALFORMED_ENCODINGS = ['%', '%E0%A4%A', '%ZZ', '%ED%A0%80', '%C0%AF', '%FF', '%2F', '%2e%2e', '..', '.'];
const urlPiece = fc.oneof({ weight: 4, arbitrary: urlText.map(percentEncoded) }, { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ENCODINGS) });

function queryString(known: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: known.length > 0 ? fc.constantFrom(...known) : urlPiece },
    { weight: 2, arbitrary: urlPiece },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'status[]', '') },
  );
  return fc
    .array(fc.tuple(key, urlPiece), { maxLength: 5 })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'))
    .chain((query) => fc.constantFrom(query, `${query}&`, `${query}&=&&%`, `${query}&${query}`));
}

/** Hostile values for one operation's path parameters, query string and body, as a raw request. */
export function hostileRequest(operation: Operation, headers: Readonly<Record<string, string>>): fc.Arbitrary<RawRequest> {
  const knownKeys = operation.bodyFields.map(([name]) => name);
  const hostile = hostileJson(knownKeys);
  const body = fc.oneof(
    { weight: 3, arbitrary: shapedBody(operation, hostile).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: hostile.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: rawBody(knownKeys) },
  );
  return fc
    .record({
      params: fc.array(urlPiece, { minLength: operation.pathParams.length, maxLength: operation.pathParams.length }),
      query: fc.option(queryString(operation.queryParams), { freq: 3 }),
      body: fc.option(fc.tuple(body, bodyHeaders), { freq: operation.bodyFields.length > 0 ? 8 : 3 }),
    })
    .map(({ params, query, body: sent }) => {
      const path = operation.pathParams.reduce((template, name, i) => template.replace(`{${name}}`, params[i]), operation.path);
      return {
        method: operation.method,
        path: query === null ? path : `${path}?${query}`,
        headers: sent ? { ...headers, ...sent[1] } : headers,
        ...(sent ? { body: sent[0] } : {}),
      };
    });
}
