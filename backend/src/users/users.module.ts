import { Module } from '@nestjs/common';
import { WorkspaceModule } from '../workspace/workspace.module';
import { UsersController } from './api/users.controller';
import { AnonymousLinkService } from './linking/anonymous-link.service';
import { OnboardingService } from './onboarding/onboarding.service';

@Module({
  imports: [WorkspaceModule],
  controllers: [UsersController],
  providers: [AnonymousLinkService, OnboardingService],
})
export class UsersModule {}
