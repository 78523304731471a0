import { DomainError } from '../../infrastructure/event-sourcing';

/** Where the next page of a call list starts: the last creation time shown, and the calls shown at it. */
export interface CallListCursor {
  createdAt: string;
  ids: string[];
}

const MAX_IDS = 200;

export function encodeCallListCursor(cursor: CallListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.ids])).toString('base64url');
}

/** The cursor a previous page gave; anything else is a 400 naming `cursor`. */
export function decodeCallListCursor(text: string): CallListCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    Number.isNaN(Date.parse(parsed[0])) ||
    !Array.isArray(parsed[1]) ||
    parsed[1].length > MAX_IDS ||
    !parsed[1].every((id) => typeof id === 'string' && id.length <= 64)
  ) {
    throw DomainError.invalid('cursor', 'cursor must be the next value of a previous page');
  }
  return { createdAt: parsed[0], ids: parsed[1] as string[] };
}

/** The cursor after a page, from the creation times and ids of its calls (in list order). */
export function cursorAfter(page: readonly { id: string; createdAt: string }[], previous: CallListCursor | undefined): CallListCursor {
  const last = page[page.length - 1]!;
  const ids = page.filter((call) => call.createdAt === last.createdAt).map((call) => call.id);
  // A run of calls created at one instant can span pages: keep the ids shown before this page too.
  if (previous && previous.createdAt === last.createdAt) ids.unshift(...previous.ids);
  return { createdAt: last.createdAt, ids };
}
