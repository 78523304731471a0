import { allBusinessCategories, businessCategoryOf } from '../voice-agent/business-category';
import { matchDetail } from '../voice-agent/business-speech-cues';
import { callerGoalFor } from '../voice-agent/caller-goals';
import { businessOfCategory } from '../voice-agent/category-business.fixture';
import { SeededRandom } from '../../../infrastructure/random';
import type { ReceptionistProfile } from './behavior-profile';
import type { BusinessBeat } from './business-party';
import { deskKnowledgeFor } from './desk-knowledge';
import { daily, WEEKDAYS } from './opening-periods.fixture';
import { Receptionist, type ReceptionistSetup } from './receptionist';

const DESK: ReceptionistProfile = {
  name: 'Maria',
  voice: 'female',
  style: 'professional',
  knowsPrices: true,
  knowsAvailability: true,
  hoursAnswer: 'accurate',
  asksQualifyingQuestion: false,
  takesContactSeparately: false,
};

function desk(profile: Partial<ReceptionistProfile> = {}, setup: Partial<ReceptionistSetup> = {}): Receptionist {
  return new Receptionist({
    businessName: "Joe's Plumbing",
    openingPeriods: daily(WEEKDAYS, '07:00', '17:00'),
    category: businessCategoryOf({ name: "Joe's Plumbing", businessTypes: ['plumber'] }),
    profile: { ...DESK, ...profile },
    local: { day: 3, minuteOfDay: 10 * 60 },
    random: new SeededRandom('desk-test'),
    mode: 'front_desk',
    ...setup,
  });
}

function said(beats: BusinessBeat[]): string {
  return beats.flatMap((beat) => (beat.type === 'say' ? [beat.utterance.text] : [])).join(' | ');
}

describe('Receptionist', () => {
  it('greets with the business name and its own name', () => {
    const beats = desk().answer();
    expect(beats).toEqual([{ type: 'say', voice: 'person', utterance: { kind: 'greeting', text: "Thank you for calling Joe's Plumbing, this is Maria, how can I help you?" } }]);
    expect(said(desk({ style: 'curt' }).answer())).toMatch(/^Joe's Plumbing/);
  });

  it('puts the caller on hold right away when that is its habit (in some calls)', () => {
    const greetings = Array.from({ length: 20 }, (_, index) => desk({ style: 'holds' }, { random: new SeededRandom(`hold-${index}`) }).answer());
    const held = greetings.find((beats) => beats.some((beat) => beat.type === 'hold'))!;
    expect(held.map((beat) => (beat.type === 'say' ? beat.utterance.kind : beat.type))).toEqual(['hold', 'hold', 'hold_return']);
    expect(greetings.some((beats) => beats.length === 1)).toBe(true);
  });

  it('answers availability, offers to book, takes a name and number and confirms', () => {
    const receptionist = desk();
    receptionist.answer();
    const answer = receptionist.hear("Hi, I've got a leaking pipe under my kitchen sink. Could someone come out today?");
    expect(said(answer)).toBe('Oh no, sorry to hear that. We can have a tech out this afternoon, between two and four. Want me to put you on the schedule?');
    expect(said(receptionist.hear('Yes, please.'))).toBe('Great, can I get a name and a good number for that?');
    expect(said(receptionist.hear("Sure, it's Jordan Avery, 312-555-0147."))).toBe(
      "Perfect, Jordan, you're on the schedule for this afternoon between two and four. Anything else I can help with?",
    );
    const closing = receptionist.hear("No, that's everything. Thanks so much, bye!");
    expect(closing[0]).toMatchObject({ type: 'say', utterance: { kind: 'closing' } });
    expect(closing[closing.length - 1]).toEqual({ type: 'hang_up' });
  });

  it('asks for the name and the number one at a time when that is its way', () => {
    const receptionist = desk({ takesContactSeparately: true });
    receptionist.answer();
    receptionist.hear('Could someone come out today?');
    expect(said(receptionist.hear('Yes, please.'))).toBe('Great, can I get your name?');
    expect(said(receptionist.hear("It's Jordan Avery."))).toBe('And the best number to reach you?');
    expect(said(receptionist.hear("It's 312-555-0147."))).toMatch(/^Perfect, Jordan/);
  });

  it('answers poorly when it does not know, and offers a callback instead', () => {
    const receptionist = desk({ knowsPrices: false, knowsAvailability: false });
    receptionist.answer();
    const reply = said(receptionist.hear('How much is the service call, and could someone come out today?'));
    expect(reply).toContain("I'm not sure what the schedule looks like");
    expect(reply).toContain("I'd have to check on pricing");
    expect(reply).toMatch(/name and number so someone can call you back\?$/);
  });

  it('reads the hours accurately, vaguely or wrongly as its profile says', () => {
    const ask = (hoursAnswer: ReceptionistProfile['hoursAnswer']) => {
      const receptionist = desk({ hoursAnswer });
      receptionist.answer();
      return said(receptionist.hear('What are your hours?'));
    };
    expect(ask('accurate')).toContain('Monday through Friday, 7 AM to 5 PM');
    expect(ask('wrong')).toContain('Monday through Friday, 7 AM to 6 PM');
    expect(ask('vague')).toContain("don't quote me");
  });

  it('asks its qualifying question first, then answers what was asked', () => {
    const receptionist = desk({ asksQualifyingQuestion: true });
    receptionist.answer();
    expect(said(receptionist.hear('Could someone come out today?'))).toBe('Oh no, sorry to hear that. Were you able to shut the water off under the sink?');
    expect(said(receptionist.hear('Yes, I turned the valve off under the sink.'))).toMatch(/^Okay\. We can have a tech out/);
  });

  it('asks the caller to repeat once, then moves on', () => {
    const receptionist = desk();
    receptionist.answer();
    expect(said(receptionist.hear('Hmm.'))).toBe('Sorry, could you say that again?');
    expect(said(receptionist.hear('Hmm.'))).toBe('Okay. Anything else I can help with?');
  });

  it('checks on a silent line, then hangs up', () => {
    const receptionist = desk();
    receptionist.answer();
    expect(said(receptionist.silence())).toBe('Hello? Are you still there?');
    expect(receptionist.silence()).toContainEqual({ type: 'hang_up' });
  });

  it('as an answering service, only takes a message', () => {
    const service = desk({}, { mode: 'answering_service' });
    expect(said(service.answer())).toContain('this is the answering service, Maria speaking. The office is closed right now. Can I take a message?');
    expect(said(service.hear('How much is the service call?'))).toMatch(/call you back first thing in the morning\. Can I get your name and number\?$/);
    expect(said(service.hear("Sure, it's Jordan Avery, 312-555-0147."))).toContain("I'll pass that along");
    expect(said(service.hear('What are your hours?'))).toContain("I don't have that information");
  });

  it('greets by department when a menu put the caller through', () => {
    expect(said(desk({}, { department: 'Scheduling' }).answer())).toBe('Scheduling, this is Maria, how can I help you?');
  });

  it("asks only questions the caller's goal has an answer for", () => {
    for (const category of allBusinessCategories()) {
      const question = deskKnowledgeFor(category.key).qualifyingQuestion;
      if (!question) continue;
      const goal = callerGoalFor(businessOfCategory(category.key));
      expect(goal.category).toBe(category.key);
      expect([category.key, matchDetail(question, goal.details)]).not.toEqual([category.key, null]);
    }
  });
});
