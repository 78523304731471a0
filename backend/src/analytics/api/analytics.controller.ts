import type { AnalyticsBatchView, FeatureFlagsView, GdprConsentView, RateLimitStatusView, TrackEventView, TrackUserView } from '@ringcheck/projections';
import { Body, Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig, usesSecureCookies } from '../../infrastructure/config';
import { DomainError } from '../../infrastructure/event-sourcing';
import { RateLimits, rateLimitKeysOf } from '../../infrastructure/http';
import { Client, type ClientContext, commandContextOf, parseIdField, requireProvenVisitor } from '../../infrastructure/request';
import { setVisitorCookie, VisitorProof } from '../../infrastructure/visitor';
import { RecordAnalyticsBatchCommand } from '../commands/record-analytics-batch.command';
import { RecordConsentCommand } from '../commands/record-consent.command';
import { TrackEventCommand } from '../commands/track-event.command';
import { TrackVisitorCommand } from '../commands/track-visitor.command';
import { cleanAnalyticsData, cleanUrl } from '../domain/clean-analytics-data';
import { AnalyticsReadModels } from '../queries/analytics-read-models';
import { VisitorConsentReader } from '../queries/visitor-consent.reader';
import { assertBatchSizes } from './analytics-batch-limits';
import { AnalyticsBatchDto } from './analytics-batch.dto';
import { GdprConsentDto } from './gdpr-consent.dto';
import { TrackEventDto } from './track-event.dto';
import { TrackUserDto } from './track-user.dto';

const MAX_EVENT_DATA_BYTES = 16 * 1024;

@ApiTags('analytics')
@Controller('api/analytics')
export class AnalyticsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: AnalyticsReadModels,
    private readonly limits: RateLimits,
    private readonly proof: VisitorProof,
    private readonly consent: VisitorConsentReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('track-user/')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Record an anonymous visit; answers the visitor’s anon_id and sets the httpOnly cookie proving the browser holds it.',
  })
  async trackUser(@Body() body: TrackUserDto, @Client() client: ClientContext, @Res({ passthrough: true }) response: Response): Promise<TrackUserView> {
    // A browser keeps the id it proves; an id it cannot prove is replaced, never adopted.
    const claimed = body.anon_id ? parseIdField(body.anon_id, 'anon_', 'anon_id') : null;
    const anonId = claimed && client.provenAnonIds.includes(claimed) ? claimed : client.anonId;
    const { anonId: id, position } = await this.commands.execute(
      new TrackVisitorCommand(
        {
          fingerprint: body.fingerprint ?? null,
          screenResolution: body.screen_resolution ?? null,
          timezone: body.timezone ?? null,
          language: body.language ?? null,
          referrer: body.referrer ?? null,
          gdprConsent: body.gdpr_consent ?? null,
          anonId,
          userAgent: client.userAgent,
        },
        commandContextOf(client),
      ),
    );
    const visitor = await this.reads.visitorAfter(id, position);
    const sealed = this.proof.seal([id, ...client.provenAnonIds]);
    setVisitorCookie(response, sealed, { secure: usesSecureCookies(this.config) });
    return {
      anon_id: id,
      // The ids this browser may link after signing in: the ones its cookie now proves.
      linkable_anon_ids: [...this.proof.open(sealed)],
      visit_count: visitor?.visitCount ?? 1,
      first_seen_at: visitor?.firstSeenAt ?? null,
      gdpr_consent: visitor?.gdprConsent ?? null,
    };
  }

  @Post('track-event/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record one product-analytics event for the caller; nothing is stored without analytics consent.' })
  async trackEvent(@Body() body: TrackEventDto, @Client() client: ClientContext): Promise<TrackEventView> {
    const eventData = body.event_data ?? {};
    if (Buffer.byteLength(JSON.stringify(eventData)) > MAX_EVENT_DATA_BYTES) {
      throw DomainError.invalid('event_data', 'event_data must be at most 16 KB of JSON');
    }
    const anonId = await this.consentingVisitor(client);
    if (!anonId) return { recorded: false, event_id: null };
    const { eventId } = await this.commands.execute(
      new TrackEventCommand(
        {
          subjectId: client.userId ?? anonId,
          eventType: body.event_type,
          eventName: body.event_name,
          eventData: cleanAnalyticsData(eventData),
          url: body.url ? cleanUrl(body.url) : null,
          clientTimestamp: body.timestamp ?? null,
          messageType: 'track',
          ...(client.userId ? { anonId } : {}),
        },
        commandContextOf(client),
      ),
    );
    return { recorded: true, event_id: eventId };
  }

  @Post('batch/')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Record a batch of analytics messages (Segment’s shape) for the caller; without analytics consent none is stored and all are counted as dropped.',
  })
  async batch(@Body() body: AnalyticsBatchDto, @Client() client: ClientContext): Promise<AnalyticsBatchView> {
    assertBatchSizes(body.batch);
    const anonId = await this.consentingVisitor(client);
    if (!anonId) return { accepted: 0, dropped: body.batch.length };
    const subject = { subjectId: client.userId ?? anonId, anonId };
    await this.commands.execute(new RecordAnalyticsBatchCommand(subject, body.batch, commandContextOf(client)));
    return { accepted: body.batch.length, dropped: 0 };
  }

  @Post('gdpr-consent/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record the visitor’s GDPR consent.' })
  async gdprConsent(@Body() body: GdprConsentDto, @Client() client: ClientContext): Promise<GdprConsentView> {
    const anonId = body.anon_id ? requireProvenVisitor(client, parseIdField(body.anon_id, 'anon_', 'anon_id'), 'anon_id') : client.anonId;
    if (!anonId) throw DomainError.invalid('anon_id', 'anon_id is required: visit the site first so this browser is issued one');
    const { position } = await this.commands.execute(new RecordConsentCommand(anonId, body.consent, commandContextOf(client)));
    const visitor = await this.reads.visitorAfter(anonId, position);
    return { anon_id: anonId, consent: visitor?.gdprConsent ?? body.consent, updated_at: visitor?.consentUpdatedAt ?? null };
  }

  @Get('feature-flags/')
  @ApiOperation({ summary: 'Every feature flag: name to enabled and config.' })
  async featureFlags(): Promise<FeatureFlagsView> {
    return { flags: await this.reads.featureFlags() };
  }

  @Get('rate-limits/')
  @ApiOperation({ summary: 'The caller’s request allowance in the current window.' })
  rateLimits(@Client() client: ClientContext): Promise<RateLimitStatusView> {
    return this.limits.status(rateLimitKeysOf(client));
  }

  /**
   * The visitor the browser proves, when it consented to analytics; else null (answered 200 with nothing
   * stored, so the client does not retry). A signed-in user counts with the consent of that visitor.
   */
  private async consentingVisitor(client: ClientContext): Promise<string | null> {
    return client.anonId && (await this.consent.consented(client.anonId)) ? client.anonId : null;
  }
}
