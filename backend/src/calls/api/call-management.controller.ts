import { parse } from 'node:path';
import type { CallKind, CallListView, CallView } from '@ringcheck/projections';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { DiscoveryDocument } from '@ringcheck/projections';
import { DiscoveryReadModels } from '../../discovery/queries/discovery-read-models';
import { DomainError } from '../../infrastructure/event-sourcing';
import { RateLimitBucket } from '../../infrastructure/http';
import { newId, ParseIdPipe } from '../../infrastructure/ids';
import { Client, type ClientContext, commandContextOf, parseIdField } from '../../infrastructure/request';
import { ChargesCallQuota, SignedInCallersOnly } from '../caller-limits';
import { CancelCallCommand } from '../commands/cancel-call.command';
import { type CallTarget, targetByNumber, targetFromDiscovery } from '../commands/call-target';
import { PlaceCallCommand } from '../commands/place-call.command';
import { StartCallCommand } from '../commands/start-call.command';
import { DialingGate } from '../dialing-policy';
import { DEMO_BUSINESS, DEMO_BUSINESS_NUMBER } from '../domain/call-defaults';
import { normalizeE164 } from '../domain/e164';
import { RecordingStore } from '../orchestration/recording-store';
import { CallReadModels } from '../queries/call-read-models';
import { SandboxNumbers } from '../queries/sandbox-numbers';
import { locationPlaceOf } from '../../workspace/domain/location-place';
import { WorkspaceService } from '../../workspace/workspace.service';
import { CreateCallDto, DiscoveryCallDto, EmptyDto, TestCallDto } from './call-requests.dto';
import { callAccessFor } from '../domain/call-access';
import { callViewFor } from './call-response';
import { ListCallsQuery, listCalls } from './list-calls.query';

const ownerOf = (client: ClientContext) => client.userId ?? client.anonId;
const requesterIds = (client: ClientContext) => [client.userId, client.anonId].filter((id): id is string => id !== null);

@ApiTags('calls')
@Controller('api/call-management')
export class CallManagementController {
  constructor(
    private readonly commands: CommandBus,
    private readonly calls: CallReadModels,
    private readonly discoveries: DiscoveryReadModels,
    private readonly sandboxNumbers: SandboxNumbers,
    private readonly recordings: RecordingStore,
    private readonly dialing: DialingGate,
    private readonly workspace: WorkspaceService,
  ) {}

  @Post('secret-shopper-call/')
  @RateLimitBucket('calls')
  @ChargesCallQuota()
  @ApiOperation({ summary: 'Place an AI test call to a business found by a discovery.' })
  secretShopper(@Body() body: DiscoveryCallDto, @Client() client: ClientContext): Promise<CallView> {
    return this.startFromDiscovery('secret_shopper', body, client);
  }

  @Post('initiate-realtime/')
  @RateLimitBucket('calls')
  @ChargesCallQuota()
  @ApiOperation({ summary: 'Place an AI test call with the realtime voice agent.' })
  initiateRealtime(@Body() body: DiscoveryCallDto, @Client() client: ClientContext): Promise<CallView> {
    return this.startFromDiscovery('realtime', body, client);
  }

  @Post('calls/')
  @RateLimitBucket('calls')
  @ChargesCallQuota()
  @ApiOperation({ summary: 'Record a call to one of a discovery’s businesses; place it with place_call.' })
  async create(@Body() body: CreateCallDto, @Client() client: ClientContext): Promise<CallView> {
    const discovery = await this.discoveries.get(parseIdField(body.business_discovery, 'disc_', 'business_discovery'));
    return this.start('standard', targetByNumber(discovery, body.to_number), client, { awaitingPlacement: true, discovery });
  }

  @Post('calls/:id/place_call/')
  @HttpCode(200)
  @RateLimitBucket('calls')
  @ApiOperation({ summary: 'Place a recorded call (idempotent).' })
  async place(@Param('id', new ParseIdPipe('call_')) id: string, @Client() client: ClientContext): Promise<CallView> {
    const { position } = await this.commands.execute(new PlaceCallCommand(id, requesterIds(client), commandContextOf(client)));
    return this.view(id, position, client);
  }

  @Post('test-call/')
  @RateLimitBucket('calls')
  @SignedInCallersOnly()
  @ChargesCallQuota()
  @ApiOperation({ summary: 'Place a test call to any phone number (signed-in users only).' })
  async testCall(@Body() body: TestCallDto, @Client() client: ClientContext): Promise<CallView> {
    this.dialing.screen(body.phone_number, 'phone_number');
    const toNumber = normalizeE164(body.phone_number);
    if (!toNumber) throw DomainError.invalid('phone_number', 'Enter a phone number with its area code');
    const place = await this.sandboxNumbers.lookup(toNumber);
    const target: CallTarget = {
      businessName: place?.name ?? toNumber,
      toNumber,
      business: place,
      discoveryId: null,
      placeSearchResultId: null,
    };
    return this.start('test', target, client, { numberField: 'phone_number' });
  }

  @Post('mock-test-call/')
  @RateLimitBucket('calls')
  @ChargesCallQuota()
  @ApiOperation({ summary: 'The demo test call (test mode): a sandbox business that always answers.' })
  mockTestCall(@Body() _body: EmptyDto, @Client() client: ClientContext): Promise<CallView> {
    const target: CallTarget = {
      businessName: DEMO_BUSINESS.name,
      toNumber: DEMO_BUSINESS_NUMBER,
      business: DEMO_BUSINESS,
      discoveryId: null,
      placeSearchResultId: null,
    };
    return this.start('mock', target, client);
  }

  @Get('calls/')
  @ApiOperation({ summary: 'The caller’s own calls.' })
  list(@Query() query: ListCallsQuery, @Client() client: ClientContext): Promise<CallListView> {
    return listCalls(this.calls, query, client);
  }

  @Get('calls/:id/')
  @ApiOperation({ summary: 'A call: in full for its signed-in owner, the preview for everyone else.' })
  async get(@Param('id', new ParseIdPipe('call_')) id: string, @Client() client: ClientContext): Promise<CallView> {
    const doc = await this.calls.forView(id);
    return callViewFor(doc, client, callAccessFor(doc, client.userId) === 'full' ? await this.calls.reportOf(doc) : null);
  }

  @Post('calls/:id/cancel_call/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a queued or live call.' })
  async cancel(@Param('id', new ParseIdPipe('call_')) id: string, @Client() client: ClientContext): Promise<CallView> {
    const { position } = await this.commands.execute(new CancelCallCommand(id, requesterIds(client), commandContextOf(client)));
    return this.view(id, position, client);
  }

  @Get('calls/:id/recording/')
  @ApiOperation({ summary: 'The call recording (MP3, audio/mpeg; WAV for calls recorded before MP3), with range requests, for its signed-in owner.' })
  async recording(@Param('id', new ParseIdPipe('call_')) id: string, @Client() client: ClientContext, @Res() response: Response) {
    const doc = await this.calls.get(id);
    if (callAccessFor(doc, client.userId) !== 'full') {
      throw DomainError.notAllowed('Sign in as the owner of this call to hear its recording.');
    }
    const stored = doc.recording ? this.recordings.find(id) : null;
    if (!stored) throw DomainError.notFound('Recording');
    response.setHeader('Cache-Control', 'private, max-age=3600');
    // From its folder as root: send() refuses an absolute path with a hidden folder in it (DATA_DIR=~/.ringcheck).
    const { dir, base } = parse(stored.path);
    response.sendFile(base, { root: dir, acceptRanges: true, headers: { 'Content-Type': stored.contentType } });
  }

  private async startFromDiscovery(kind: CallKind, body: DiscoveryCallDto, client: ClientContext) {
    const discovery = await this.discoveries.get(parseIdField(body.discovery_id, 'disc_', 'discovery_id'));
    const placeResultId = body.place_result_id ? parseIdField(body.place_result_id, 'plsr_', 'place_result_id') : null;
    return this.start(kind, targetFromDiscovery(discovery, placeResultId), client, { discovery });
  }

  /**
   * `numberField` is the request field a refusal of the number names. A signed-in caller's call spends
   * their plan's allowance and follows the business in their locations.
   */
  private async start(
    kind: CallKind,
    target: CallTarget,
    client: ClientContext,
    { awaitingPlacement = false, numberField = 'to_number', discovery = null as DiscoveryDocument | null } = {},
  ) {
    const context = commandContextOf(client);
    const doc = await this.dialing.admit(target, numberField, (dialable) => {
      const callId = newId('call_');
      return this.workspace.withCallRecorded(client.userId, callId, locationPlaceOf(dialable, discovery), context, async () => {
        const { position } = await this.commands.execute(new StartCallCommand(kind, dialable, ownerOf(client), context, awaitingPlacement, callId));
        return this.calls.getAfter(callId, position);
      });
    });
    return callViewFor(doc, client);
  }

  private async view(callId: string, position: number, client: ClientContext) {
    return callViewFor(await this.calls.getAfter(callId, position), client);
  }
}
