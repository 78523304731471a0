import type { CallListView } from '@ringcheck/projections';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { type ClientContext, parseIdField } from '../../infrastructure/request';
import type { CallReadModels } from '../queries/call-read-models';
import { cursorAfter, decodeCallListCursor, encodeCallListCursor } from './call-list-cursor';
import { callSummaryFor } from './call-response';

const ORDERINGS = ['created_at', '-created_at'] as const;
const MAX_LIMIT = 200;
const MAX_PLACE_ID_LENGTH = 64;
const MAX_CURSOR_LENGTH = 4096;

export class ListCallsQuery {
  @ApiPropertyOptional({ enum: ORDERINGS })
  @IsOptional()
  @IsIn(ORDERINGS, { message: 'ordering must be created_at or -created_at' })
  ordering?: 'created_at' | '-created_at';

  @ApiPropertyOptional({ description: 'Only calls to this place_search_result (plsr_ id).' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PLACE_ID_LENGTH)
  place_search_result?: string;

  @ApiPropertyOptional({ description: 'Calls per page, 1 to 200 (default 200).', minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 200' })
  @Min(1, { message: 'limit must be a whole number from 1 to 200' })
  @Max(MAX_LIMIT, { message: 'limit must be a whole number from 1 to 200' })
  limit?: number;

  @ApiPropertyOptional({ description: 'The `next` value of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CURSOR_LENGTH)
  cursor?: string;
}

/**
 * The query of a plain request for the list, read without the framework: null for anything its
 * validation might refuse or read otherwise (a limit such as `05`, an unknown name), left to it.
 */
export function plainListCallsQuery(query: ReadonlyMap<string, string>): ListCallsQuery | null {
  const parsed: ListCallsQuery = {};
  for (const [name, value] of query) {
    if (name === 'ordering' && (ORDERINGS as readonly string[]).includes(value)) parsed.ordering = value as ListCallsQuery['ordering'];
    else if (name === 'limit' && /^[1-9]\d{0,2}$/.test(value) && Number(value) <= MAX_LIMIT) parsed.limit = Number(value);
    else if (name === 'place_search_result' && value !== '' && value.length <= MAX_PLACE_ID_LENGTH) parsed.place_search_result = value;
    else if (name === 'cursor' && value !== '' && value.length <= MAX_CURSOR_LENGTH) parsed.cursor = value;
    else return null;
  }
  return parsed;
}

/** Whom the caller's calls belong to: the user signed in and the anonymous visitor. */
export function callOwnersOf(client: ClientContext): string[] {
  return [client.userId, client.anonId].filter((id): id is string => id !== null);
}

/** The caller's own calls (as user and as anonymous visitor), newest first unless asked otherwise. */
export async function listCalls(calls: CallReadModels, query: ListCallsQuery, client: ClientContext): Promise<CallListView> {
  const placeSearchResultId = query.place_search_result ? parseIdField(query.place_search_result, 'plsr_', 'place_search_result') : undefined;
  const after = query.cursor ? decodeCallListCursor(query.cursor) : undefined;
  const page = await calls.pageOwnedBy(callOwnersOf(client), { newestFirst: query.ordering !== 'created_at', placeSearchResultId, limit: query.limit ?? 200, after });
  return {
    count: page.total,
    results: page.calls.map((doc) => callSummaryFor(doc, client)),
    next: page.more ? encodeCallListCursor(cursorAfter(page.calls, after)) : null,
  };
}
