import { given } from '../testing/given';
import { at, recorded } from '../testing/recorded';
import type { OnboardingStep } from './events';
import { onboardingProjection as projection } from './onboarding.projection';

const userId = 'user_1';
const stepCompleted = (step: OnboardingStep, occurredAt = '2026-11-22T10:00:00.000Z') => recorded('OnboardingStepCompleted', { userId, step }, at(occurredAt));
const dismissed = (occurredAt = '2026-11-22T11:00:00.000Z') => recorded('OnboardingDismissed', { userId }, at(occurredAt));
const reset = (occurredAt = '2026-11-22T12:00:00.000Z') => recorded('OnboardingReset', { userId }, at(occurredAt));

describe('onboarding projection', () => {
  it("starts a user's checklist with the first step they complete", async () => {
    const { document } = await given(projection, stepCompleted('add-location'));
    expect(document).toEqual({ _id: userId, userId, completedSteps: ['add-location'], dismissed: false, updatedAt: '2026-11-22T10:00:00.000Z' });
  });

  it('lists completed steps in checklist order, each once, whatever order they were done in', async () => {
    const { document } = await given(
      projection,
      stepCompleted('competitor-analysis'),
      stepCompleted('first-call-checkup'),
      stepCompleted('competitor-analysis'),
      stepCompleted('add-location', '2026-11-23T08:00:00.000Z'),
    );
    expect(document).toMatchObject({ completedSteps: ['first-call-checkup', 'add-location', 'competitor-analysis'], updatedAt: '2026-11-23T08:00:00.000Z' });
  });

  it('keeps the steps done when the checklist is dismissed, even one never started', async () => {
    expect((await given(projection, stepCompleted('add-location'), dismissed())).document).toMatchObject({
      completedSteps: ['add-location'],
      dismissed: true,
      updatedAt: '2026-11-22T11:00:00.000Z',
    });
    expect((await given(projection, dismissed())).document).toEqual({ _id: userId, userId, completedSteps: [], dismissed: true, updatedAt: '2026-11-22T11:00:00.000Z' });
  });

  it('starts over on reset: no steps, shown again', async () => {
    const { document } = await given(projection, stepCompleted('add-location'), stepCompleted('weekly-checkups'), dismissed(), reset());
    expect(document).toEqual({ _id: userId, userId, completedSteps: [], dismissed: false, updatedAt: '2026-11-22T12:00:00.000Z' });
  });

  it('counts steps completed after a reset', async () => {
    const { document } = await given(projection, stepCompleted('add-location'), reset(), stepCompleted('weekly-checkups', '2026-11-22T13:00:00.000Z'));
    expect(document).toMatchObject({ completedSteps: ['weekly-checkups'], dismissed: false });
  });

  it('keeps one checklist per user', async () => {
    const then = await given(projection, stepCompleted('add-location'), recorded('OnboardingStepCompleted', { userId: 'user_2', step: 'weekly-checkups' }));
    expect(then.documents).toMatchObject({ user_1: { completedSteps: ['add-location'] }, user_2: { completedSteps: ['weekly-checkups'] } });
  });

  it("is pushed to its user's room", async () => {
    expect((await given(projection, stepCompleted('add-location'))).rooms()).toEqual([`user:${userId}`]);
  });
});
