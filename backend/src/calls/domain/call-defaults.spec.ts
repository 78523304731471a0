import { behaviorProfileFor } from '../adapters/sandbox';
import { DEMO_BUSINESS } from './call-defaults';

describe('the demo business', () => {
  it('is answered in person by a professional front desk on the sandbox network', () => {
    const profile = behaviorProfileFor(DEMO_BUSINESS, 1);
    expect(profile.inHours.kind).toBe('human');
    expect(profile.receptionist.style).toBe('professional');
  });
});
