export interface JsonLimits {
  /** How deeply objects and arrays may nest; the body itself is level 1. */
  readonly maxDepth: number;
  /** Object fields and array items in the whole body, however nested (an empty object or array counts as one). */
  readonly maxValues: number;
}

/** Far above anything the API takes, and low enough that no body keeps the server busy for long. */
export const JSON_LIMITS: JsonLimits = { maxDepth: 32, maxValues: 2_000 };

/** What is wrong with a JSON text's shape, and the top-level field where it went wrong ('' for the body as a whole). */
export interface JsonShapeProblem {
  readonly field: string;
  readonly problem: string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Checks a UTF-8 JSON body's shape without parsing it, in one pass over the bytes outside strings (so it
 * costs O(n) and no stack however deep the text goes): it must be an object, nest at most `maxDepth`
 * levels and hold at most `maxValues` fields and items. UTF-8 never uses bytes below 0x80 inside
 * multi-byte characters, so the ASCII brackets, commas and quotes seen are the real ones. Text that is not
 * JSON gives an answer of no meaning; the parser refuses it afterwards.
 */
export function findJsonShapeProblem(json: Uint8Array, limits: JsonLimits = JSON_LIMITS): JsonShapeProblem | null {
  let i = 0;
  while (i < json.length && WHITESPACE.has(json[i])) i++;
  if (json[i] === OPEN_ARRAY) return { field: '', problem: 'must be a JSON object' };

  let depth = 0;
  // Fields and items: one per comma, plus each container's first, counted at its opening bracket (so an
  // empty container counts one too many, harmless for a bound).
  let values = 0;
  let inString = false;
  let stringStart = -1;
  let keyStart = -1;
  let keyEnd = -1;
  const field = () => (depth > 1 ? keyAt(json, keyStart, keyEnd) : '');
  const tooMany = `too many values (at most ${limits.maxValues} in a body)`;
  for (; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) {
        inString = false;
        // At the top level the last string before a nested value opens is that value's key.
        if (depth === 1) [keyStart, keyEnd] = [stringStart, i];
      }
      continue;
    }
    switch (byte) {
      case QUOTE:
        inString = true;
        stringStart = i;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        depth++;
        if (depth > limits.maxDepth) return { field: field(), problem: `nested deeper than ${limits.maxDepth} levels` };
        if (++values > limits.maxValues) return { field: field(), problem: tooMany };
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        depth--;
        break;
      case COMMA:
        if (++values > limits.maxValues) return { field: field(), problem: tooMany };
        break;
    }
  }
  return null;
}

function keyAt(json: Uint8Array, start: number, end: number): string {
  if (start < 0) return '';
  try {
    const key: unknown = JSON.parse(Buffer.from(json.buffer, json.byteOffset + start, end - start + 1).toString('utf8'));
    return typeof key === 'string' ? key : '';
  } catch {
    return '';
  }
}
