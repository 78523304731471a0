import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Client, type ClientContext } from '../../infrastructure/request';
import { CallReadModels } from '../queries/call-read-models';
import { ListCallsQuery, listCalls } from './list-calls.query';

/** `GET /api/calls/?place_search_result=`: the caller's calls to one business of a discovery. */
@ApiTags('calls')
@Controller('api/calls')
export class CallsByPlaceController {
  constructor(private readonly calls: CallReadModels) {}

  @Get('/')
  @ApiOperation({ summary: 'The caller’s calls, optionally to one place_search_result.' })
  list(@Query() query: ListCallsQuery, @Client() client: ClientContext) {
    return listCalls(this.calls, query, client);
  }
}
