import {
  type AnonymousStatusView,
  type ConversionAnalyticsView,
  type LinkAnonymousView,
  type LinkMultipleAnonymousView,
  type OnboardingProgressView,
  type ProjectionRunner,
  usersProjection,
} from '@ringcheck/projections';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireUser } from '../../identity';
import { ParseIdPipe } from '../../infrastructure/ids';
import { Client, type ClientContext, commandContextOf, parseIdField, requireProvenVisitor } from '../../infrastructure/request';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';
import { AnonymousLinkService } from '../linking/anonymous-link.service';
import { OnboardingService } from '../onboarding/onboarding.service';
import { SaveOnboardingProgressDto } from './onboarding-progress.dto';
import { LinkAnonymousDto, LinkMultipleAnonymousDto } from './users-link.dto';

const HOUR_MS = 3_600_000;

@ApiTags('users')
@RequireUser()
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly links: AnonymousLinkService,
    private readonly onboarding: OnboardingService,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  @Post('link-anonymous/')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Link the visitor the caller was before signing in (this browser must prove it holds the id); move its searches and calls to the account.',
  })
  async linkAnonymous(@Body() body: LinkAnonymousDto, @Client() client: ClientContext): Promise<LinkAnonymousView> {
    const anonId = requireProvenVisitor(client, parseIdField(body.anon_id, 'anon_', 'anon_id'), 'anon_id');
    const result = await this.links.link(anonId, client.userId!, body.conversion_source, commandContextOf(client));
    return { ...result, profiles_linked: 1, profiles_failed: 0, total_migration_stats: result.migration_stats };
  }

  @Post('link-multiple-anonymous/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Link several earlier visitor ids to the account; every one must be proven by this browser, else none moves.' })
  linkMultiple(@Body() body: LinkMultipleAnonymousDto, @Client() client: ClientContext): Promise<LinkMultipleAnonymousView> {
    const anonIds = [...new Set(body.anon_ids.map((id, i) => requireProvenVisitor(client, parseIdField(id, 'anon_', `anon_ids.${i}`), `anon_ids.${i}`)))];
    return this.links.linkMany(anonIds, client.userId!, commandContextOf(client));
  }

  @Get('conversion-analytics/')
  @ApiOperation({ summary: 'How the caller became a user: visits before signing up and time to convert.' })
  async conversionAnalytics(@Client() client: ClientContext): Promise<ConversionAnalyticsView> {
    const visitors = await this.links.linkedVisitors(client.userId!);
    const user = await this.runner.collection(usersProjection).findOne({ _id: client.userId! });
    const firstSeen = visitors.map((v) => Date.parse(v.firstSeenAt)).filter(Number.isFinite);
    const converted = typeof user?.createdAt === 'string' ? Date.parse(user.createdAt) : NaN;
    const hours = firstSeen.length > 0 && Number.isFinite(converted) ? Math.max(0, converted - Math.min(...firstSeen)) / HOUR_MS : null;
    return {
      has_anonymous_data: visitors.length > 0,
      total_visits_before_signup: visitors.reduce((sum, v) => sum + v.visitCount, 0),
      time_to_conversion_hours: hours === null ? null : Math.round(hours * 100) / 100,
    };
  }

  @Get('anonymous-status/:id/')
  @ApiOperation({ summary: 'Whether an anonymous visitor exists and is linked to the caller.' })
  async anonymousStatus(@Param('id', new ParseIdPipe('anon_')) anonId: string, @Client() client: ClientContext): Promise<AnonymousStatusView> {
    const visitor = await this.links.visitor(anonId);
    const mine = visitor !== null && visitor.linkedUserId === client.userId;
    // Details only for a visitor this browser proves, or one already linked to the caller.
    const shown = mine || (visitor !== null && visitor.linkedUserId == null && client.provenAnonIds.includes(anonId));
    return {
      anon_id: anonId,
      exists: visitor !== null,
      is_linked: visitor?.linkedUserId != null,
      linked_to_current_user: mine,
      visit_count: shown ? visitor.visitCount : null,
      first_seen_at: shown ? visitor.firstSeenAt : null,
      linked_at: mine ? visitor!.linkedAt : null,
      conversion_source: mine ? visitor!.conversionSource : null,
    };
  }

  @Get('onboarding-progress/')
  @ApiOperation({ summary: 'The caller’s onboarding checklist.' })
  onboardingProgress(@Client() client: ClientContext): Promise<OnboardingProgressView> {
    return this.onboarding.progress(client.userId!);
  }

  @Post('onboarding-progress/')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save checklist progress (complete steps, or dismiss with isFirstTimeUser false).' })
  saveOnboardingProgress(@Body() body: SaveOnboardingProgressDto, @Client() client: ClientContext): Promise<OnboardingProgressView> {
    return this.onboarding.update(client.userId!, { completedSteps: body.completedSteps, dismiss: body.isFirstTimeUser === false }, commandContextOf(client));
  }

  @Delete('onboarding-progress/')
  @ApiOperation({ summary: 'Start the checklist over.' })
  resetOnboardingProgress(@Client() client: ClientContext): Promise<OnboardingProgressView> {
    return this.onboarding.reset(client.userId!, commandContextOf(client));
  }
}
