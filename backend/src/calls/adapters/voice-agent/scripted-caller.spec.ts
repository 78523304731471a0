import type { CalledBusiness } from '../../ports/telephony';
import type { BusinessUtterance, CallerAction, CallerSession } from '../../ports/voice-agent';
import { ScriptedVoiceAgent } from './scripted-caller';

const PLUMBER: CalledBusiness = {
  placeId: 'test-plumber',
  name: "Joe's Plumbing",
  businessTypes: ['plumber', 'point_of_interest'],
  timeZone: 'America/New_York',
  utcOffsetMinutes: null,
  openingPeriods: [],
};

const greeting: BusinessUtterance = { kind: 'greeting', text: "Thank you for calling Joe's Plumbing, this is Maria, how can I help you?" };

/** Plays a list of utterances to a session and returns what it did after each. */
function converse(session: CallerSession, heard: BusinessUtterance[]): CallerAction[] {
  return heard.map((utterance) => session.respond(utterance));
}

describe('ScriptedVoiceAgent', () => {
  const agent = new ScriptedVoiceAgent();

  it('is the scripted adapter and defaults to the category goal', () => {
    const session = agent.startSession(PLUMBER, null, 'call-1');
    expect(agent.adapterName).toBe('scripted');
    expect(session.goal.category).toBe('plumber');
    expect(session.persona.callbackNumber).toMatch(/^\d{3}-555-01\d{2}$/);
  });

  it('makes the same choices for the same seed', () => {
    const script = [greeting, { kind: 'answer', text: 'We can have a tech out this afternoon. Want me to book that?' }, { kind: 'closing', text: 'Bye!' }] as BusinessUtterance[];
    for (const seed of ['a', 'b', 'c', 'd']) {
      expect(converse(agent.startSession(PLUMBER, null, seed), script)).toEqual(converse(agent.startSession(PLUMBER, null, seed), script));
    }
  });

  it('states its goal after the greeting', () => {
    const session = agent.startSession(PLUMBER, null, 'call-1');
    const action = session.respond(greeting);
    expect(session.goal.openings).toContain(action.say);
    expect(action.say).toMatch(/leak/);
  });

  it('answers a question about its situation, then gives its name and number', () => {
    const session = agent.startSession(PLUMBER, null, 'call-2');
    session.respond(greeting);
    expect(session.respond({ kind: 'question', text: 'Oh no. Were you able to shut the water off under the sink?' }).say).toBe('Yes, I turned the valve off under the sink.');
    const contact = session.respond({ kind: 'question', text: 'Great, can I get a name and a good number for that?' }).say!;
    expect(contact).toContain(`${session.persona.firstName} ${session.persona.lastName}`);
    expect(contact).toContain(session.persona.callbackNumber);
  });

  it('does not mistake words of an answer for a question to it', () => {
    const session = agent.startSession(PLUMBER, null, 'call-3');
    session.respond(greeting);
    const action = session.respond({ kind: 'answer', text: 'Our service call is $89, whatever the address. Anything else I can help with?' });
    expect(action.say).not.toContain('418 Maple Street');
  });

  it('books every time when its policy says so', () => {
    const booker = new ScriptedVoiceAgent({ bookingShare: 1 });
    for (const seed of ['s1', 's2', 's3', 's4', 's5']) {
      const session = booker.startSession(PLUMBER, null, seed);
      session.respond(greeting);
      expect(session.respond({ kind: 'question', text: 'We can have a tech out this afternoon. Want me to put you on the schedule?' }).say).toMatch(/^(Yes|Perfect)/);
    }
  });

  it('accepts or declines an offered booking', () => {
    const offers = Array.from({ length: 40 }, (_, index) => {
      const session = agent.startSession(PLUMBER, null, `seed-${index}`);
      session.respond(greeting);
      return session.respond({ kind: 'question', text: 'We can have a tech out this afternoon. Want me to put you on the schedule?' }).say!;
    });
    expect(offers.some((say) => /^(Yes|Perfect)/.test(say))).toBe(true);
    expect(offers.some((say) => /^Not (just yet|right now)/.test(say))).toBe(true);
  });

  it('wraps up politely once it has what it needs, and hangs up after the goodbye', () => {
    const session = agent.startSession(PLUMBER, null, 'call-4');
    session.respond(greeting);
    const answers = [
      { kind: 'answer', text: 'We can have a tech out this afternoon, and the service call is $89.' },
      { kind: 'question', text: 'Anything else I can help with?' },
    ] as BusinessUtterance[];
    const actions = converse(session, answers);
    expect(actions.map((action) => action.say ?? '').join(' ').trim()).toMatch(/bye!$/i);
    expect(session.respond({ kind: 'closing', text: "You're welcome, have a good one!" })).toEqual({ hangUp: true });
  });

  it('says goodbye itself when the business closes first', () => {
    const session = agent.startSession(PLUMBER, null, 'call-5');
    session.respond(greeting);
    expect(session.respond({ kind: 'closing', text: 'Okay, bye.' })).toEqual({ say: 'Thanks, bye!', hangUp: true });
  });

  it('does not leave a voicemail by default: it hangs up at the beep', () => {
    const session = agent.startSession(PLUMBER, null, 'call-6');
    expect(session.respond({ kind: 'voicemail_greeting', text: "You've reached Joe's Plumbing. Please leave a message after the tone." })).toEqual({});
    expect(session.respond({ kind: 'beep', text: '' })).toEqual({ hangUp: true });
  });

  it('leaves a message only when its policy allows and the greeting asks for one', () => {
    const leaving = new ScriptedVoiceAgent({ leaveVoicemail: true });
    const asked = leaving.startSession(PLUMBER, null, 'call-7');
    asked.respond({ kind: 'voicemail_greeting', text: 'Please leave your name and number after the tone.' });
    const message = asked.respond({ kind: 'beep', text: '' });
    expect(message.hangUp).toBe(true);
    expect(message.say).toContain(asked.persona.callbackNumber);
    const notAsked = leaving.startSession(PLUMBER, null, 'call-8');
    notAsked.respond({ kind: 'voicemail_greeting', text: "You've reached Joe's Plumbing." });
    expect(notAsked.respond({ kind: 'beep', text: '' })).toEqual({ hangUp: true });
  });

  it('hangs up on a full mailbox and on a closed-for-the-day recording', () => {
    const session = agent.startSession(PLUMBER, null, 'call-9');
    expect(session.respond({ kind: 'voicemail_greeting', text: 'The mailbox is full and cannot accept new messages. Goodbye.' })).toEqual({ hangUp: true });
    expect(agent.startSession(PLUMBER, null, 'call-10').respond({ kind: 'closed_message', text: 'We are currently closed. Goodbye.' })).toEqual({ hangUp: true });
  });

  it('presses the menu option that fits its goal, then the operator, and hangs up on the third identical menu', () => {
    const session = agent.startSession(PLUMBER, null, 'call-11');
    const menu: BusinessUtterance = {
      kind: 'ivr_menu',
      text: 'For billing questions, press 1. To schedule service or a repair, press 2. For anything else, press 0.',
      options: [
        { digit: '1', label: 'for billing questions' },
        { digit: '2', label: 'to schedule service or a repair' },
        { digit: '0', label: 'for anything else' },
      ],
    };
    expect(session.respond({ kind: 'ivr_message', text: "Thank you for calling Joe's Plumbing." })).toEqual({});
    expect(session.respond(menu)).toEqual({ pressDigits: '2' });
    expect(session.respond({ kind: 'ivr_message', text: 'Returning to the main menu.' })).toEqual({});
    expect(session.respond(menu)).toEqual({ pressDigits: '0' });
    expect(session.respond(menu)).toEqual({ hangUp: true });
  });

  it('navigates a menu that only speaks its options', () => {
    const session = agent.startSession(PLUMBER, null, 'call-12');
    expect(session.respond({ kind: 'ivr_menu', text: 'For billing, press 1. For service and repairs, press 3.' })).toEqual({ pressDigits: '3' });
  });

  it('states its goal again to the person a menu puts it through to', () => {
    const session = agent.startSession(PLUMBER, null, 'call-13');
    session.respond({ kind: 'ivr_menu', text: 'For service, press 1.' });
    expect(session.respond({ kind: 'greeting', text: 'Scheduling, this is Maria, how can I help you?' }).say).toMatch(/leak/);
  });

  it('says "Sure." when asked to hold, and waits through the music', () => {
    const session = agent.startSession(PLUMBER, null, 'call-14');
    expect(session.respond({ kind: 'hold', text: "Joe's Plumbing, can you hold please?" })).toEqual({ say: 'Sure.' });
    expect(session.respond({ kind: 'hold_return', text: 'Thanks for holding, this is Maria, how can I help you?' }).say).toMatch(/leak/);
  });

  it('repeats itself once when asked to', () => {
    const session = agent.startSession(PLUMBER, null, 'call-15');
    const opening = session.respond(greeting).say;
    expect(session.respond({ kind: 'question', text: 'Sorry, could you say that again?' }).say).toBe(opening);
  });

  it('never talks forever: it wraps up after its reply budget', () => {
    const session = new ScriptedVoiceAgent({ maxReplies: 3 }).startSession(PLUMBER, null, 'call-16');
    const actions = converse(session, Array.from({ length: 6 }, () => ({ kind: 'question', text: 'What color is your car?' }) as BusinessUtterance));
    expect(actions.some((action) => /bye/i.test(action.say ?? ''))).toBe(true);
    expect(actions[actions.length - 1]).toEqual({ hangUp: true });
  });
});
