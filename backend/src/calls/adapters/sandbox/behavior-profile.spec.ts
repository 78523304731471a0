import { type BehaviorProfile, behaviorProfileFor, lineAt } from './behavior-profile';
import { directoryBusinesses } from './directory-businesses.fixture';

const businesses = directoryBusinesses();
const first = businesses.map((business) => behaviorProfileFor(business, 1));

function share(profiles: BehaviorProfile[], test: (profile: BehaviorProfile) => boolean): number {
  return profiles.filter(test).length / profiles.length;
}

describe('behaviorProfileFor', () => {
  it('spreads the directory over the target outcomes', () => {
    expect(businesses.length).toBeGreaterThan(1000);
    const kind = (name: string) => share(first, (profile) => profile.inHours.kind === name);
    expect(kind('human')).toBeGreaterThan(0.55);
    expect(kind('human')).toBeLessThan(0.65);
    expect(kind('voicemail')).toBeGreaterThan(0.09);
    expect(kind('voicemail')).toBeLessThan(0.15);
    expect(kind('busy')).toBeGreaterThan(0.06);
    expect(kind('busy')).toBeLessThan(0.1);
    expect(kind('no_answer')).toBeGreaterThan(0.06);
    expect(kind('no_answer')).toBeLessThan(0.1);
    expect(kind('ivr')).toBeGreaterThan(0.08);
    expect(kind('ivr')).toBeLessThan(0.12);
    expect(kind('failed')).toBeGreaterThan(0.01);
    expect(kind('failed')).toBeLessThan(0.03);
    const menus = first.flatMap((profile) => (profile.inHours.kind === 'ivr' ? [profile.inHours.ivr] : []));
    const looping = menus.filter((ivr) => ivr.loops).length / menus.length;
    expect(looping).toBeGreaterThan(0.2);
    expect(looping).toBeLessThan(0.4);
  });

  it('answers after one to six rings, voicemail after four to six', () => {
    const rings = (kind: string) => new Set(first.flatMap(({ inHours }) => (inHours.kind === kind && 'rings' in inHours ? [inHours.rings] : [])));
    expect(rings('human')).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(rings('voicemail')).toEqual(new Set([4, 5, 6]));
    const optionCounts = new Set(first.flatMap(({ inHours }) => (inHours.kind === 'ivr' ? [inHours.ivr.optionCount] : [])));
    expect(optionCounts).toEqual(new Set([2, 3, 4]));
  });

  it('is the same for the same place and attempt', () => {
    for (const business of businesses.slice(0, 200)) {
      expect(behaviorProfileFor(business, 1)).toEqual(behaviorProfileFor({ ...business }, 1));
      expect(behaviorProfileFor(business, 2)).toEqual(behaviorProfileFor(business, 2));
    }
  });

  it('keeps the business the same on a retry, while a busy line is often free', () => {
    const busy = businesses.filter((_, index) => first[index]!.inHours.kind === 'busy');
    const retried = busy.map((business) => behaviorProfileFor(business, 2));
    expect(share(retried, (profile) => profile.inHours.kind === 'human')).toBeGreaterThan(0.45);
    expect(share(retried, (profile) => profile.inHours.kind === 'busy')).toBeGreaterThan(0.15);
    for (const [index, profile] of retried.entries()) {
      const original = first[businesses.indexOf(busy[index]!)]!;
      expect(profile.receptionist).toEqual(original.receptionist);
      expect(profile.afterHours).toBe(original.afterHours);
    }
    const unanswered = businesses.filter((_, index) => first[index]!.inHours.kind === 'no_answer');
    expect(share(unanswered.map((business) => behaviorProfileFor(business, 2)), (profile) => profile.inHours.kind === 'human')).toBeGreaterThan(0.2);
  });

  it('uses the after-hours line only when the business is known to be closed', () => {
    const profile = first[0]!;
    expect(lineAt(profile, true)).toBe(profile.inHours);
    expect(lineAt(profile, null)).toBe(profile.inHours);
    expect(lineAt(profile, false)).toBe(profile.afterHoursLine);
    const behaviours = new Set(first.map((candidate) => candidate.afterHours));
    expect(behaviours).toEqual(new Set(['voicemail', 'answering_service', 'no_answer', 'closed_message', 'answers']));
  });

  it('gives desks of every style, with and without the answers', () => {
    const desks = first.map((profile) => profile.receptionist);
    expect(new Set(desks.map((desk) => desk.style))).toEqual(new Set(['professional', 'helpful', 'slow', 'curt', 'holds']));
    expect(share(first, (profile) => profile.receptionist.knowsPrices)).toBeGreaterThan(0.6);
    expect(share(first, (profile) => profile.receptionist.knowsPrices)).toBeLessThan(0.85);
    expect(new Set(desks.map((desk) => desk.hoursAnswer))).toEqual(new Set(['accurate', 'vague', 'wrong']));
  });
});
