import type {
  AnonymousStatusView,
  ConversionAnalyticsView,
  ConversionSource,
  LinkAnonymousView,
  LinkMultipleAnonymousView,
  OnboardingProgressUpdateRequest,
  OnboardingProgressView,
  OnboardingStep,
  PasswordChangeRequest,
  ProfileUpdateRequest,
} from '@ringcheck/projections/contract';
import type { ApiUser } from './auth-api';
import type { ApiClient } from './api-client';

export type {
  AnonymousStatusView as AnonymousStatus,
  ConversionAnalyticsView as ConversionAnalytics,
  ConversionSource,
  LinkAnonymousView as LinkAnonymousResult,
  LinkMultipleAnonymousView as LinkMultipleAnonymousResult,
  MigrationStats,
  OnboardingProgressUpdateRequest as OnboardingProgressUpdate,
  OnboardingProgressView as OnboardingProgress,
  OnboardingStep,
  PasswordChangeRequest as PasswordChange,
  ProfileUpdateRequest as ProfileUpdate,
} from '@ringcheck/projections/contract';

/** The checklist's steps in order (spec section 4), held to the contract's steps by the type check. */
export const ONBOARDING_STEPS = ['first-call-checkup', 'add-location', 'weekly-checkups', 'competitor-analysis'] as const satisfies readonly OnboardingStep[];
/** Fails the type check when the contract gains a step this list lacks. */
export const LISTS_EVERY_STEP: [Exclude<OnboardingStep, (typeof ONBOARDING_STEPS)[number]>] extends [never] ? true : false = true;

export interface UsersApi {
  updateProfile(update: ProfileUpdateRequest): Promise<ApiUser>;
  changePassword(change: PasswordChangeRequest): Promise<void>;
  deleteAccount(password: string): Promise<void>;
  linkAnonymous(anonId: string, conversionSource: ConversionSource): Promise<LinkAnonymousView>;
  linkMultipleAnonymous(anonIds: string[]): Promise<LinkMultipleAnonymousView>;
  conversionAnalytics(): Promise<ConversionAnalyticsView>;
  anonymousStatus(anonId: string): Promise<AnonymousStatusView>;
  onboardingProgress(): Promise<OnboardingProgressView>;
  saveOnboardingProgress(update: OnboardingProgressUpdateRequest): Promise<OnboardingProgressView>;
  resetOnboardingProgress(): Promise<OnboardingProgressView>;
}

/** The signed-in user's own account, anonymous-visitor links and onboarding checklist. */
export function createUsersApi(client: ApiClient): UsersApi {
  return {
    updateProfile: (update) => client.patch<ApiUser>('/users/me/', update),
    changePassword: (change) => client.post<void>('/users/me/password/', change),
    deleteAccount: (password) => client.delete<void>('/users/me/', { body: { password } }),
    linkAnonymous: (anonId, conversionSource) =>
      client.post<LinkAnonymousView>('/users/link-anonymous/', { anon_id: anonId, conversion_source: conversionSource }),
    linkMultipleAnonymous: (anonIds) => client.post<LinkMultipleAnonymousView>('/users/link-multiple-anonymous/', { anon_ids: anonIds }),
    conversionAnalytics: () => client.get<ConversionAnalyticsView>('/users/conversion-analytics/'),
    anonymousStatus: (anonId) => client.get<AnonymousStatusView>(`/users/anonymous-status/${encodeURIComponent(anonId)}/`),
    onboardingProgress: () => client.get<OnboardingProgressView>('/users/onboarding-progress/'),
    saveOnboardingProgress: (update) => client.post<OnboardingProgressView>('/users/onboarding-progress/', update),
    resetOnboardingProgress: () => client.delete<OnboardingProgressView>('/users/onboarding-progress/'),
  };
}
