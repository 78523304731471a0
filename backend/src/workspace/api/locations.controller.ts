import type { LocationHistoryView, LocationListView, LocationView, PlanUsageView, UserCallSummaryView } from '@ringcheck/projections';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DiscoveryReadModels } from '../../discovery/queries/discovery-read-models';
import { RequireUser } from '../../identity';
import { DomainError } from '../../infrastructure/event-sourcing';
import { ParseIdPipe } from '../../infrastructure/ids';
import { Client, type ClientContext, commandContextOf, parseIdField } from '../../infrastructure/request';
import { locationPlaceFromResult } from '../domain/location-place';
import { WorkspaceReadModels } from '../queries/workspace-read-models';
import { WorkspaceService } from '../workspace.service';
import { callSummaryOf, recentSince } from './call-summary';
import { ListLocationsQuery, SaveLocationDto } from './location-requests.dto';
import { locationCallPoint, locationView } from './location-view';
import { planUsageOf } from './plan-usage';

/** My Locations (spec section 3): the businesses a user saved or called, their favourites and history. */
@ApiTags('locations')
@RequireUser()
@Controller('api/users')
export class LocationsController {
  constructor(
    private readonly workspace: WorkspaceService,
    private readonly reads: WorkspaceReadModels,
    private readonly discoveries: DiscoveryReadModels,
  ) {}

  @Get('locations/')
  @ApiOperation({ summary: 'The caller’s locations, newest interaction first; filter by interaction_type or favorites_only.' })
  async list(@Query() query: ListLocationsQuery, @Client() client: ClientContext): Promise<LocationListView> {
    const docs = await this.reads.locationsOf(client.userId!, { favoritesOnly: query.favorites_only === 'true' });
    const results = docs.map(locationView).filter((view) => !query.interaction_type || view.interaction_type === query.interaction_type);
    return { count: results.length, results };
  }

  @Get('locations/summary/')
  @ApiOperation({ summary: 'The caller’s call summary: first call, totals by status, calls in the last 24 hours.' })
  async summary(@Client() client: ClientContext): Promise<UserCallSummaryView> {
    return callSummaryOf(await this.reads.callCountsOf(client.userId!, recentSince(this.workspace.now())));
  }

  @Post('locations/save/')
  @ApiOperation({ summary: 'Save a business found by a search to My Locations (counts toward the plan’s locations).' })
  async save(@Body() body: SaveLocationDto, @Client() client: ClientContext): Promise<LocationView> {
    const resultId = parseIdField(body.place_search_result_id, 'plsr_', 'place_search_result_id');
    const found = await this.discoveries.findByResultId(resultId);
    if (!found) throw new DomainError('not_found', 'not_found', 'No business found with this id.', 'place_search_result_id');
    const locationId = await this.workspace.saveLocation(
      client.userId!,
      {
        place: locationPlaceFromResult(found.result, found.discovery.id),
        interactionType: body.interaction_type ?? 'saved',
        notes: body.notes ?? '',
        metadata: body.metadata ?? {},
        favorite: body.favorite ?? false,
      },
      commandContextOf(client),
    );
    return locationView(await this.reads.location(client.userId!, locationId));
  }

  @Post('locations/:id/toggle-favorite/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Favourite a location, or stop.' })
  async toggleFavorite(@Param('id', new ParseIdPipe('loc_')) id: string, @Client() client: ClientContext): Promise<LocationView> {
    await this.reads.location(client.userId!, id);
    await this.workspace.toggleFavorite(client.userId!, id, commandContextOf(client));
    return locationView(await this.reads.location(client.userId!, id));
  }

  @Get('locations/:id/history/')
  @ApiOperation({ summary: 'Every call from the caller to one location, oldest first, with time to answer and outcome.' })
  async history(@Param('id', new ParseIdPipe('loc_')) id: string, @Client() client: ClientContext): Promise<LocationHistoryView> {
    const location = await this.reads.location(client.userId!, id);
    const calls = await this.reads.callsOf(client.userId!, location);
    return { location: locationView(location), calls: calls.map(locationCallPoint) };
  }

  @Get('plan/')
  @ApiOperation({ summary: 'The caller’s plan, every plan’s limits, and this month’s usage.' })
  async plan(@Client() client: ClientContext): Promise<PlanUsageView> {
    return planUsageOf(await this.workspace.state(client.userId!), this.workspace.limits, this.workspace.now());
  }
}
