import type { ApiUser } from './auth-api';
import type { ApiClient } from './api-client';

export const ONBOARDING_STEPS = ['first-call-checkup', 'add-location', 'weekly-checkups', 'competitor-analysis'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The onboarding checklist as the server computes it (spec sections 3 and 4). */
export interface OnboardingProgress {
  completedSteps: OnboardingStep[];
  currentStep: OnboardingStep | 'completed';
  isFirstTimeUser: boolean;
  hasCompletedCall: boolean;
  hasCompletedDiscovery: boolean;
  lastUpdated: string | null;
}

/** What a client may save: more completed steps, or `isFirstTimeUser: false` to dismiss the guide. */
export interface OnboardingProgressUpdate {
  completedSteps?: OnboardingStep[];
  isFirstTimeUser?: false;
}

export type ConversionSource = 'signup' | 'signin' | 'manual';

export interface MigrationStats {
  total_objects: number;
  business_discoveries: number;
  calls: number;
}

export interface LinkAnonymousResult {
  success: boolean;
  already_linked: boolean;
  new_data_migrated: boolean;
  migration_stats: MigrationStats;
  profiles_linked: number;
  profiles_failed: number;
  total_migration_stats: MigrationStats;
}

export interface LinkMultipleAnonymousResult {
  success: boolean;
  profiles_linked: number;
  profiles_failed: number;
  total_migration_stats: MigrationStats;
  results?: Array<{ anon_id: string; success: boolean; error?: string }>;
}

export interface ConversionAnalytics {
  has_anonymous_data: boolean;
  total_visits_before_signup: number;
  time_to_conversion_hours: number | null;
}

export interface AnonymousStatus {
  anon_id: string;
  exists: boolean;
  is_linked: boolean;
  linked_to_current_user: boolean;
  visit_count: number | null;
  first_seen_at: string | null;
  linked_at: string | null;
  conversion_source: ConversionSource | null;
}

export interface ProfileUpdate {
  first_name?: string | null;
  last_name?: string | null;
}

export interface PasswordChange {
  current_password: string;
  new_password: string;
}

export interface UsersApi {
  updateProfile(update: ProfileUpdate): Promise<ApiUser>;
  changePassword(change: PasswordChange): Promise<void>;
  deleteAccount(password: string): Promise<void>;
  linkAnonymous(anonId: string, conversionSource: ConversionSource): Promise<LinkAnonymousResult>;
  linkMultipleAnonymous(anonIds: string[]): Promise<LinkMultipleAnonymousResult>;
  conversionAnalytics(): Promise<ConversionAnalytics>;
  anonymousStatus(anonId: string): Promise<AnonymousStatus>;
  onboardingProgress(): Promise<OnboardingProgress>;
  saveOnboardingProgress(update: OnboardingProgressUpdate): Promise<OnboardingProgress>;
  resetOnboardingProgress(): Promise<OnboardingProgress>;
}

/** The signed-in user's own account, anonymous-visitor links and onboarding checklist. */
export function createUsersApi(client: ApiClient): UsersApi {
  return {
    updateProfile: (update) => client.patch<ApiUser>('/users/me/', update),
    changePassword: (change) => client.post<void>('/users/me/password/', change),
    deleteAccount: (password) => client.delete<void>('/users/me/', { body: { password } }),
    linkAnonymous: (anonId, conversionSource) =>
      client.post<LinkAnonymousResult>('/users/link-anonymous/', { anon_id: anonId, conversion_source: conversionSource }),
    linkMultipleAnonymous: (anonIds) => client.post<LinkMultipleAnonymousResult>('/users/link-multiple-anonymous/', { anon_ids: anonIds }),
    conversionAnalytics: () => client.get<ConversionAnalytics>('/users/conversion-analytics/'),
    anonymousStatus: (anonId) => client.get<AnonymousStatus>(`/users/anonymous-status/${encodeURIComponent(anonId)}/`),
    onboardingProgress: () => client.get<OnboardingProgress>('/users/onboarding-progress/'),
    saveOnboardingProgress: (update) => client.post<OnboardingProgress>('/users/onboarding-progress/', update),
    resetOnboardingProgress: () => client.delete<OnboardingProgress>('/users/onboarding-progress/'),
  };
}
