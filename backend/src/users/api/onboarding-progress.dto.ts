import type { OnboardingProgressUpdateRequest } from '@ringcheck/projections';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ONBOARDING_STEPS, type OnboardingStep } from '@ringcheck/projections';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';

/**
 * The progress a client saves. Steps can be added, not removed (DELETE resets); isFirstTimeUser false
 * dismisses the guide. Call and discovery facts come from the server's own records, so the client's
 * copies of them (and currentStep) are accepted but ignored.
 */
export class SaveOnboardingProgressDto implements OnboardingProgressUpdateRequest {
  @ApiPropertyOptional({ enum: ONBOARDING_STEPS, isArray: true })
  @IsOptional()
  @IsIn(ONBOARDING_STEPS, { each: true, message: `completedSteps entries must be among: ${ONBOARDING_STEPS.join(', ')}` })
  @ArrayMaxSize(4)
  @IsArray({ message: 'completedSteps must be a list' })
  completedSteps?: OnboardingStep[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'isFirstTimeUser must be true or false' })
  isFirstTimeUser?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  currentStep?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  hasCompletedCall?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  hasCompletedDiscovery?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  lastUpdated?: string;
}
