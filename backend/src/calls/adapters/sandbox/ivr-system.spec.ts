import { businessCategoryOf } from '../voice-agent/business-category';
import { SeededRandom } from '../../../infrastructure/random';
import type { IvrProfile } from './behavior-profile';
import type { BusinessBeat, BusinessParty } from './business-party';
import { ivrMenuFor } from './ivr-menus';
import { IvrSystem } from './ivr-system';
import { daily, WEEKDAYS } from './opening-periods.fixture';

const PLUMBING = businessCategoryOf({ name: "Joe's Plumbing", businessTypes: ['plumber'] });

function attendant(profile: Partial<IvrProfile> = {}, connected: string[] = []): IvrSystem {
  const ivr: IvrProfile = { optionCount: 3, hasOperator: true, loops: false, routesTo: 'human', ...profile };
  return new IvrSystem({
    businessName: "Joe's Plumbing",
    profile: ivr,
    options: ivrMenuFor(PLUMBING, ivr.optionCount, new SeededRandom('menu')),
    openingPeriods: daily(WEEKDAYS, '07:00', '17:00'),
    random: new SeededRandom('ivr'),
    connect: (department, to): BusinessParty => {
      connected.push(`${department}:${to}`);
      return { answer: () => [{ type: 'say', voice: 'person', utterance: { kind: 'greeting', text: `${department}, this is Maria.` } }], hear: () => [], digits: () => [], silence: () => [], inMenuLoop: () => false };
    },
  });
}

function menuOf(beats: BusinessBeat[]) {
  const menu = beats.find((beat) => beat.type === 'say' && beat.utterance.kind === 'ivr_menu');
  return menu?.type === 'say' ? menu.utterance : null;
}

describe('ivrMenuFor', () => {
  it('lists two to four numbered options including the one for the usual need, in a stable order', () => {
    for (const count of [2, 3, 4]) {
      const options = ivrMenuFor(PLUMBING, count, new SeededRandom('place-1'));
      expect(options).toHaveLength(count);
      expect(options.map((option) => option.digit)).toEqual(Array.from({ length: count }, (_, index) => String(index + 1)));
      expect(options.filter((option) => option.route === 'target')).toHaveLength(1);
      expect(ivrMenuFor(PLUMBING, count, new SeededRandom('place-1'))).toEqual(options);
    }
  });
});

describe('IvrSystem', () => {
  it('welcomes, then reads its options with an operator choice', () => {
    const menu = menuOf(attendant().answer())!;
    expect(menu.options!.map((option) => option.digit)).toEqual(['1', '2', '3', '0']);
    expect(menu.text).toMatch(/press 1\..*press 2\..*press 3\. For anything else, press 0\.$/);
  });

  it('puts the right option through to the department, with hold music or ringing first', () => {
    const connected: string[] = [];
    const system = attendant({}, connected);
    const target = menuOf(system.answer())!.options!.find((option) => /schedule service/.test(option.label))!;
    const beats = system.digits(target.digit);
    expect(connected).toEqual(['Scheduling:human']);
    expect(beats[0]).toMatchObject({ type: 'say', utterance: { kind: 'ivr_message', text: 'Please hold while we connect your call.' } });
    expect(['hold', 'ring']).toContain(beats[1]!.type);
    expect(beats[2]).toMatchObject({ type: 'say', utterance: { text: 'Scheduling, this is Maria.' } });
    expect(system.inMenuLoop()).toBe(false);
  });

  it('sends other departments, and a menu that routes to a mailbox, to voicemail', () => {
    const connected: string[] = [];
    const system = attendant({ routesTo: 'voicemail' }, connected);
    const options = menuOf(system.answer())!.options!;
    system.digits(options.find((option) => /schedule service/.test(option.label))!.digit);
    expect(connected).toEqual(['Scheduling:voicemail']);
  });

  it('repeats the menu on a wrong key and plays the hours when asked', () => {
    const system = attendant({ optionCount: 4 });
    const options = menuOf(system.answer())!.options!;
    expect(menuOf(system.digits('7'))).not.toBeNull();
    const hours = system.digits(options.find((option) => /hours/.test(option.label))!.digit);
    expect(hours[0]).toMatchObject({ utterance: { text: "We're open Monday through Friday, 7 AM to 5 PM." } });
    expect(menuOf(hours)).not.toBeNull();
  });

  it('loops: every choice comes back to the same menu, and three menus count as a loop', () => {
    const connected: string[] = [];
    const system = attendant({ loops: true }, connected);
    const first = menuOf(system.answer())!;
    const second = menuOf(system.digits('1'))!;
    expect(system.inMenuLoop()).toBe(false);
    const third = menuOf(system.digits('0'))!;
    expect([second.text, third.text]).toEqual([first.text, first.text]);
    expect(system.inMenuLoop()).toBe(true);
    expect(connected).toEqual([]);
  });

  it('hangs up after repeating its menu to a silent caller', () => {
    const system = attendant();
    system.answer();
    expect(menuOf(system.silence())).not.toBeNull();
    expect(menuOf(system.silence())).not.toBeNull();
    expect(system.silence()).toContainEqual({ type: 'hang_up' });
  });
});
