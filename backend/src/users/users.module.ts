import { Module } from '@nestjs/common';
import { UsersController } from './api/users.controller';
import { AnonymousLinkService } from './linking/anonymous-link.service';
import { OnboardingService } from './onboarding/onboarding.service';

@Module({
  controllers: [UsersController],
  providers: [AnonymousLinkService, OnboardingService],
})
export class UsersModule {}
