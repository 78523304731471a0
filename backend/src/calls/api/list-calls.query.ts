import type { CallListView } from '@ringcheck/projections';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { type ClientContext, parseIdField } from '../../infrastructure/request';
import type { CallReadModels } from '../queries/call-read-models';
import { cursorAfter, decodeCallListCursor, encodeCallListCursor } from './call-list-cursor';
import { callSummaryFor } from './call-response';

export class ListCallsQuery {
  @ApiPropertyOptional({ enum: ['created_at', '-created_at'] })
  @IsOptional()
  @IsIn(['created_at', '-created_at'], { message: 'ordering must be created_at or -created_at' })
  ordering?: 'created_at' | '-created_at';

  @ApiPropertyOptional({ description: 'Only calls to this place_search_result (plsr_ id).' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  place_search_result?: string;

  @ApiPropertyOptional({ description: 'Calls per page, 1 to 200 (default 200).', minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 200' })
  @Min(1, { message: 'limit must be a whole number from 1 to 200' })
  @Max(200, { message: 'limit must be a whole number from 1 to 200' })
  limit?: number;

  @ApiPropertyOptional({ description: 'The `next` value of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  cursor?: string;
}

/** The caller's own calls (as user and as anonymous visitor), newest first unless asked otherwise. */
export async function listCalls(calls: CallReadModels, query: ListCallsQuery, client: ClientContext): Promise<CallListView> {
  const placeSearchResultId = query.place_search_result ? parseIdField(query.place_search_result, 'plsr_', 'place_search_result') : undefined;
  const after = query.cursor ? decodeCallListCursor(query.cursor) : undefined;
  const owners = [client.userId, client.anonId].filter((id): id is string => id !== null);
  const page = await calls.pageOwnedBy(owners, { newestFirst: query.ordering !== 'created_at', placeSearchResultId, limit: query.limit ?? 200, after });
  return {
    count: page.total,
    results: page.calls.map((doc) => callSummaryFor(doc, client)),
    next: page.more ? encodeCallListCursor(cursorAfter(page.calls, after)) : null,
  };
}
