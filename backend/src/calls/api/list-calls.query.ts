import type { CallListView } from '@ringcheck/projections';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { type ClientContext, parseIdField } from '../../infrastructure/request';
import type { CallReadModels } from '../queries/call-read-models';
import { callViewFor } from './call-response';

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
}

/** The caller's own calls (as user and as anonymous visitor), newest first unless asked otherwise. */
export async function listCalls(calls: CallReadModels, query: ListCallsQuery, client: ClientContext): Promise<CallListView> {
  const placeSearchResultId = query.place_search_result ? parseIdField(query.place_search_result, 'plsr_', 'place_search_result') : undefined;
  const owners = [client.userId, client.anonId].filter((id): id is string => id !== null);
  const docs = await calls.ownedBy(owners, { newestFirst: query.ordering !== 'created_at', placeSearchResultId });
  return { count: docs.length, results: docs.map((doc) => callViewFor(doc, client)) };
}
