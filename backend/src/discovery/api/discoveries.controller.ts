import type { DiscoveryListView, DiscoveryView, DiscoveryWithResultsView } from '@ringcheck/projections';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RateLimitBucket } from '../../infrastructure/http';
import { ParseIdPipe } from '../../infrastructure/ids';
import { Client, type ClientContext, commandContextOf } from '../../infrastructure/request';
import { CreateDiscoveryCommand } from '../commands/create-discovery.command';
import { DiscoveryReadModels } from '../queries/discovery-read-models';
import { CreateDiscoveryDto } from './create-discovery.dto';
import { discoveryResponse, discoveryWithResultsResponse } from './discovery-responses';
import { ListDiscoveriesQuery } from './list-discoveries.query';

@ApiTags('discoveries')
@Controller('api/discoveries')
export class DiscoveriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: DiscoveryReadModels,
  ) {}

  @Post('/')
  @RateLimitBucket('searches')
  @ApiOperation({ summary: 'Start a search for a business by name and location; it runs in the background.' })
  async create(@Body() body: CreateDiscoveryDto, @Client() client: ClientContext): Promise<DiscoveryView> {
    const ownerId = client.userId ?? client.anonId;
    const { discoveryId, position } = await this.commands.execute(
      new CreateDiscoveryCommand(body.business_name, body.location, ownerId, commandContextOf(client)),
    );
    return discoveryResponse(await this.reads.getAfter(discoveryId, position));
  }

  @Get('/')
  @ApiOperation({ summary: 'The caller’s own discoveries, newest first, optionally by status.' })
  async list(@Query() query: ListDiscoveriesQuery, @Client() client: ClientContext): Promise<DiscoveryListView> {
    const owners = [client.userId, client.anonId].filter((id): id is string => id !== null);
    const docs = await this.reads.ownedBy(owners, query.status);
    return { count: docs.length, results: docs.map(discoveryResponse) };
  }

  @Get(':id/status/')
  @ApiOperation({ summary: 'Where a discovery stands.' })
  async status(@Param('id', new ParseIdPipe('disc_')) id: string): Promise<DiscoveryView> {
    return discoveryResponse(await this.reads.get(id));
  }

  @Get(':id/results/')
  @ApiOperation({ summary: 'The businesses a completed discovery found (empty until it completes).' })
  async results(@Param('id', new ParseIdPipe('disc_')) id: string): Promise<DiscoveryWithResultsView> {
    const doc = await this.reads.get(id);
    return discoveryWithResultsResponse(doc);
  }
}
