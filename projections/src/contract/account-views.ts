import type { ConversionSource } from '../analytics/events';
import type { OnboardingStep } from '../onboarding/events';

export type AuthProviderKind = 'embedded' | 'clerk';

/** How the web app signs people in (`GET /api/auth/config/`). */
export interface AuthConfigView {
  provider: AuthProviderKind;
  clerk_publishable_key?: string;
  issuer?: string;
}

/** A user as the API shows them: never a password hash, token or session detail. */
export interface UserView {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  provider: string;
  created_at: string;
  last_sign_in_at: string | null;
  /** Roles an operator granted from the command line; `analyst` opens the conversion page. */
  roles: UserRole[];
}

export type UserRole = 'analyst';

/** The answer of sign-up, sign-in and refresh; the refresh token travels in an httpOnly cookie. */
export interface SessionView {
  user: UserView;
  access_token: string;
  token_type: 'Bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
}

export interface SignUpRequest {
  email: string;
  password: string;
  first_name?: string | null;
  last_name?: string | null;
}

export interface SignInRequest {
  email: string;
  password: string;
}

export interface ProfileUpdateRequest {
  first_name?: string | null;
  last_name?: string | null;
}

export interface PasswordChangeRequest {
  current_password: string;
  new_password: string;
}

export interface DeleteAccountRequest {
  password?: string;
}

/** The onboarding checklist as the server computes it (spec sections 3 and 4). */
export interface OnboardingProgressView {
  completedSteps: OnboardingStep[];
  currentStep: OnboardingStep | 'completed';
  isFirstTimeUser: boolean;
  hasCompletedCall: boolean;
  hasCompletedDiscovery: boolean;
  lastUpdated: string | null;
}

/** What a client may save: more completed steps, or `isFirstTimeUser: false` to dismiss the guide. */
export interface OnboardingProgressUpdateRequest {
  completedSteps?: OnboardingStep[];
  isFirstTimeUser?: boolean;
}

export interface LinkAnonymousRequest {
  anon_id: string;
  conversion_source: ConversionSource;
}

export interface LinkMultipleAnonymousRequest {
  anon_ids: string[];
}

export interface MigrationStats {
  total_objects: number;
  business_discoveries: number;
  calls: number;
}

/** How linking one visitor went. */
export interface LinkResultView {
  anon_id: string;
  success: boolean;
  already_linked: boolean;
  new_data_migrated: boolean;
  migration_stats: MigrationStats;
  error?: string;
}

export interface LinkAnonymousView extends LinkResultView {
  profiles_linked: number;
  profiles_failed: number;
  total_migration_stats: MigrationStats;
}

export interface LinkMultipleAnonymousView {
  success: boolean;
  profiles_linked: number;
  profiles_failed: number;
  total_migration_stats: MigrationStats;
  results: LinkResultView[];
}

export interface ConversionAnalyticsView {
  has_anonymous_data: boolean;
  total_visits_before_signup: number;
  time_to_conversion_hours: number | null;
}

export interface AnonymousStatusView {
  anon_id: string;
  exists: boolean;
  is_linked: boolean;
  linked_to_current_user: boolean;
  visit_count: number | null;
  first_seen_at: string | null;
  linked_at: string | null;
  conversion_source: ConversionSource | null;
}
