import { Module } from '@nestjs/common';
import { DiscoveryModule } from '../discovery/discovery.module';
import { BusinessProfilesController } from './api/business-profiles.controller';
import { LocationsController } from './api/locations.controller';
import { WorkspaceReadModels } from './queries/workspace-read-models';
import { systemWorkspaceClock, WORKSPACE_CLOCK } from './workspace-clock';
import { WorkspaceService } from './workspace.service';

/** The owner's workspace: plans and their limits, My Locations, business profiles. */
@Module({
  imports: [DiscoveryModule],
  controllers: [LocationsController, BusinessProfilesController],
  providers: [WorkspaceService, WorkspaceReadModels, { provide: WORKSPACE_CLOCK, useValue: systemWorkspaceClock }],
  exports: [WorkspaceService, WorkspaceReadModels],
})
export class WorkspaceModule {}
