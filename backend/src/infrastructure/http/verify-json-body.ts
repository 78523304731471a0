import { ApiException } from './api.exception';
import { findJsonShapeProblem, JSON_LIMITS, type JsonLimits } from './json-shape';
import { ValidationFailedException } from './validation-failed.exception';

/** Largest JSON body the API reads. */
const JSON_BODY_LIMIT = '256kb';

/**
 * body-parser's `verify` hook for JSON bodies, run on the raw bytes before they are parsed: refuses
 * charsets other than UTF-8 (415) and bodies that are not objects or exceed {@link JSON_LIMITS} (400 naming
 * the top-level field), so neither `JSON.parse` nor any later recursive walk meets such a body.
 */
export function verifyJsonBody(_request: unknown, _response: unknown, body: Buffer, encoding: string, limits: JsonLimits = JSON_LIMITS): void {
  if (encoding.toLowerCase() !== 'utf-8') {
    throw new ApiException(415, {
      error: 'unsupported_media_type',
      detail: `JSON bodies must be UTF-8 (got charset ${encoding}).`,
    });
  }
  const problem = findJsonShapeProblem(body, limits);
  if (problem) throw new ValidationFailedException({ [problem.field || 'body']: [problem.problem] });
}

/** The JSON body parser's options: at most 256 kB, checked by {@link verifyJsonBody}. */
export const JSON_BODY_OPTIONS = { limit: JSON_BODY_LIMIT, verify: verifyJsonBody } as const;

/** Options of a JSON body parser for one route that takes larger bodies (an analytics batch), checked the same way. */
export function largeJsonBodyOptions(limit: string, limits: JsonLimits) {
  return {
    limit,
    verify: (request: unknown, response: unknown, body: Buffer, encoding: string) => verifyJsonBody(request, response, body, encoding, limits),
  } as const;
}
