// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { OnboardingProgress } from '../../api/users-api';
import { gettingStartedPromptApplies, shouldRedirectToGettingStarted } from './getting-started-prompt';

const settled: OnboardingProgress = {
  completedSteps: ['first-call-checkup', 'add-location'],
  currentStep: 'weekly-checkups',
  isFirstTimeUser: false,
  hasCompletedCall: true,
  hasCompletedDiscovery: true,
  lastUpdated: '2026-01-05T15:00:00.000Z',
};

describe('gettingStartedPromptApplies', () => {
  it('does not apply once the user has 2 steps, a call and a discovery, and is no first-time user', () => {
    expect(gettingStartedPromptApplies(settled)).toBe(false);
  });

  it('applies to a first-time user', () => {
    expect(gettingStartedPromptApplies({ ...settled, isFirstTimeUser: true })).toBe(true);
  });

  it('applies below 2 completed steps', () => {
    expect(gettingStartedPromptApplies({ ...settled, completedSteps: ['first-call-checkup'] })).toBe(true);
  });

  it('applies until both a call and a discovery have completed', () => {
    expect(gettingStartedPromptApplies({ ...settled, hasCompletedCall: false })).toBe(true);
    expect(gettingStartedPromptApplies({ ...settled, hasCompletedDiscovery: false })).toBe(true);
  });
});

describe('shouldRedirectToGettingStarted', () => {
  const newUser: OnboardingProgress = { ...settled, completedSteps: [], isFirstTimeUser: true, hasCompletedCall: false };
  const at = (pathname: string, search = '') => ({ pathname, search, signedIn: true, progress: newUser });

  it('redirects a signed-in user at / while the prompt applies', () => {
    expect(shouldRedirectToGettingStarted(at('/'))).toBe(true);
    expect(shouldRedirectToGettingStarted(at('/', '?name=Pizza'))).toBe(true);
  });

  it('does not redirect when the prompt does not apply, when signed out, or before the progress is known', () => {
    expect(shouldRedirectToGettingStarted({ ...at('/'), progress: settled })).toBe(false);
    expect(shouldRedirectToGettingStarted({ ...at('/'), signedIn: false })).toBe(false);
    expect(shouldRedirectToGettingStarted({ ...at('/'), progress: undefined })).toBe(false);
  });

  it('leaves the onboarding variant of home alone', () => {
    expect(shouldRedirectToGettingStarted(at('/', '?onboarding=first-call'))).toBe(false);
    expect(shouldRedirectToGettingStarted(at('/', 'name=Pizza&onboarding=first-call'))).toBe(false);
    expect(shouldRedirectToGettingStarted(at('/', '?onboarding=other'))).toBe(true);
  });

  it('lets New Call and Try Again reach the search form', () => {
    expect(shouldRedirectToGettingStarted(at('/', '?action=new-call'))).toBe(false);
    expect(shouldRedirectToGettingStarted(at('/', 'action=new-call&name=Pizza'))).toBe(false);
    expect(shouldRedirectToGettingStarted(at('/', '?action=other'))).toBe(true);
  });

  it.each(['/getting-started', '/sign-in', '/sign-up', '/call/call_1', '/upgrade', '/calls', '/faq'])('does not redirect from %s', (path) => {
    expect(shouldRedirectToGettingStarted(at(path))).toBe(false);
  });
});
