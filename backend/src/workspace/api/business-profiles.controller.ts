import { type BusinessProfileDocument, type BusinessProfileListView, businessProfilesProjection, type BusinessProfileView, type ProjectionRunner } from '@ringcheck/projections';
import { Body, Controller, Get, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireUser } from '../../identity';
import { newId } from '../../infrastructure/ids';
import { Client, type ClientContext, commandContextOf } from '../../infrastructure/request';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';
import { WorkspaceService } from '../workspace.service';
import { CreateBusinessProfileDto } from './business-profile.dto';

const profileView = (doc: BusinessProfileDocument): BusinessProfileView => ({
  id: doc.id,
  name: doc.name,
  address: doc.address,
  phone: doc.phone,
  email: doc.email,
  website: doc.website,
  created_at: doc.createdAt,
});

/** Business profiles (spec section 3): how owners describe the businesses they run. */
@ApiTags('business')
@RequireUser()
@Controller('api/business/profiles')
export class BusinessProfilesController {
  constructor(
    private readonly workspace: WorkspaceService,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  private get profiles() {
    return this.runner.collection(businessProfilesProjection);
  }

  @Post('/')
  @ApiOperation({ summary: 'Describe a business the caller runs (phone normalised to E.164).' })
  async create(@Body() body: CreateBusinessProfileDto, @Client() client: ClientContext): Promise<BusinessProfileView> {
    const profileId = newId('bizp_');
    await this.workspace.execute(
      client.userId!,
      {
        type: 'CreateBusinessProfile',
        userId: client.userId!,
        profileId,
        name: body.name,
        address: body.address || null,
        phone: body.phone,
        email: body.email?.toLowerCase() || null,
        website: body.website || null,
      },
      commandContextOf(client),
    );
    const doc = await this.profiles.findOne({ _id: profileId });
    return profileView(doc!);
  }

  @Get('/')
  @ApiOperation({ summary: 'The caller’s business profiles, oldest first.' })
  async list(@Client() client: ClientContext): Promise<BusinessProfileListView> {
    const docs = await this.profiles.find({ userId: client.userId! }, { sort: { createdAt: 1 }, limit: 200 });
    return { count: docs.length, results: docs.map(profileView) };
  }
}
