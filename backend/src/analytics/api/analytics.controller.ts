import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { DomainError } from '../../infrastructure/event-sourcing';
import { RateLimiter, rateLimitClientOf } from '../../infrastructure/http';
import { Client, type ClientContext, commandContextOf, parseIdField } from '../../infrastructure/request';
import { RecordConsentCommand } from '../commands/record-consent.command';
import { TrackEventCommand } from '../commands/track-event.command';
import { TrackVisitorCommand } from '../commands/track-visitor.command';
import { AnalyticsReadModels } from '../queries/analytics-read-models';
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
    private readonly limiter: RateLimiter,
  ) {}

  @Post('track-user/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record an anonymous visit; answers the visitor’s anon_id.' })
  async trackUser(@Body() body: TrackUserDto, @Client() client: ClientContext) {
    const anonId = body.anon_id ? parseIdField(body.anon_id, 'anon_', 'anon_id') : client.anonId;
    const { anonId: id, position } = await this.commands.execute(
      new TrackVisitorCommand(
        {
          fingerprint: body.fingerprint,
          screenResolution: body.screen_resolution,
          timezone: body.timezone,
          language: body.language,
          referrer: body.referrer ?? null,
          gdprConsent: body.gdpr_consent ?? null,
          anonId,
          userAgent: client.userAgent,
        },
        commandContextOf(client),
      ),
    );
    const visitor = await this.reads.visitorAfter(id, position);
    return {
      anon_id: id,
      visit_count: visitor?.visitCount ?? 1,
      first_seen_at: visitor?.firstSeenAt ?? null,
      gdpr_consent: visitor?.gdprConsent ?? null,
    };
  }

  @Post('track-event/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record a product-analytics event for the caller.' })
  async trackEvent(@Body() body: TrackEventDto, @Client() client: ClientContext) {
    const eventData = body.event_data ?? {};
    if (Buffer.byteLength(JSON.stringify(eventData)) > MAX_EVENT_DATA_BYTES) {
      throw DomainError.invalid('event_data', 'event_data must be at most 16 KB of JSON');
    }
    const subjectId = client.userId ?? client.anonId ?? 'unidentified';
    const { eventId } = await this.commands.execute(
      new TrackEventCommand(
        {
          subjectId,
          eventType: body.event_type,
          eventName: body.event_name,
          eventData,
          url: body.url ?? null,
          clientTimestamp: body.timestamp ?? null,
        },
        commandContextOf(client),
      ),
    );
    return { recorded: true, event_id: eventId };
  }

  @Post('gdpr-consent/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record the visitor’s GDPR consent.' })
  async gdprConsent(@Body() body: GdprConsentDto, @Client() client: ClientContext) {
    const anonId = body.anon_id ? parseIdField(body.anon_id, 'anon_', 'anon_id') : client.anonId;
    if (!anonId) throw DomainError.invalid('anon_id', 'anon_id is required (in the body or the X-Anonymous-ID header)');
    const { position } = await this.commands.execute(new RecordConsentCommand(anonId, body.consent, commandContextOf(client)));
    const visitor = await this.reads.visitorAfter(anonId, position);
    return { anon_id: anonId, consent: visitor?.gdprConsent ?? body.consent, updated_at: visitor?.consentUpdatedAt ?? null };
  }

  @Get('feature-flags/')
  @ApiOperation({ summary: 'Every feature flag: name to enabled and config.' })
  async featureFlags() {
    return { flags: await this.reads.featureFlags() };
  }

  @Get('rate-limits/')
  @ApiOperation({ summary: 'The caller’s request allowance in the current window.' })
  rateLimits(@Req() request: Request) {
    return this.limiter.status(rateLimitClientOf(request).key);
  }
}
