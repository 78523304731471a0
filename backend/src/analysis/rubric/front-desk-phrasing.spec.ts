import type { CallAnalysisInput } from '../ports/call-analyzer';
import { callModeOf } from './call-mode';
import { liveCall } from './fixtures/call-fixtures';
import { TranscriptBuilder } from './fixtures/transcript-builder';
import { callerNeeds, scoreResolution } from './resolution-score';
import { viewTranscript } from './transcript-view';

/** Everyday front-desk wording, one exchange at a time. */
function exchange(question: string, reply: string, callerGoal = ''): CallAnalysisInput {
  return liveCall(new TranscriptBuilder().business('Thanks for calling Oak Street Movers, how can I help?').caller(question).business(reply), {
    callerGoal,
  });
}

function status(input: CallAnalysisInput, id: string) {
  const view = viewTranscript(input.transcript);
  return scoreResolution(input, callModeOf(input, view), view).checks.find((c) => c.id === id)?.status;
}

describe('front-desk phrasing', () => {
  it.each([
    ['How soon could someone get here?', 'We can have someone there in about thirty minutes.'],
    ['When could you start?', 'We could start next week.'],
    ['Is there any time today?', 'We take walk-ins, or I can book you at five.'],
    ['Do you have anything open at the end of the month?', "We still have the thirtieth open, but it's filling up."],
  ])('takes %j answered by %j as availability given', (question, reply) => {
    expect(status(exchange(question, reply), 'need-availability')).toBe('pass');
  });

  it.each([
    ['Is the estimate free?', 'The estimate is free.', 'pass'],
    ['How much is car insurance?', 'It depends on the car and your driving record, but many of our customers pay around $120 a month.', 'pass'],
    ['How much would that be?', "I'm not sure on the price, it depends, I'd have to check.", 'partial'],
    ['What do you charge?', 'It depends on the situation, I really couldn\u2019t say.', 'fail'],
  ])('rates %j answered by %j as %s on pricing', (question, reply, expected) => {
    expect(status(exchange(question, reply), 'need-pricing')).toBe(expected);
  });

  it('counts a hedged guess at the hours as partial', () => {
    expect(status(exchange('What are your hours?', "I think we're usually here till five or six, but don't quote me on that."), 'need-hours')).toBe(
      'partial',
    );
    expect(
      status(exchange('What are your hours?', "We're open Monday through Friday, 7 AM to 5 PM, and Saturday, 8 AM to noon."), 'need-hours'),
    ).toBe('pass');
  });

  it.each([
    ['Want me to put you on the schedule?', 'pass'],
    ['Name and number?', 'pass'],
    ["Perfect, Alex, we've got you down for the thirtieth.", 'pass'],
    ['Okay, you have a table for four at seven tonight.', 'pass'],
    ['The office is closed right now. Can I take a message?', 'partial'],
    ['Name?', 'partial'],
    ['Okay.', 'fail'],
  ])('rates the next step %j as %s', (reply, expected) => {
    expect(status(exchange('I need to move a one-bedroom apartment.', reply), 'next-step')).toBe(expected);
  });

  it('takes a callback promise for a callback, not a booking', () => {
    const call = liveCall(
      new TranscriptBuilder()
        .business('Thank you for calling Oak Street Movers, this is the answering service. Can I get your name and number?')
        .caller("Sure, it's Dana Keller, 312-555-0130.")
        .business("Okay, I'll pass that along, and someone will call you first thing in the morning."),
      { callerGoal: '' },
    );
    const view = viewTranscript(call.transcript);
    expect(scoreResolution(call, 'live', view).checks.find((c) => c.id === 'next-step')).toMatchObject({
      status: 'pass',
      text: "Took the caller's name and number",
    });
  });

  it('reads needs from a goal summary', () => {
    const call = exchange('Hi there.', 'Hello.', 'a quote to move a one-bedroom apartment at the end of the month');
    expect(callerNeeds(call, viewTranscript(call.transcript)).map((n) => n.topic)).toEqual(['pricing']);
  });
});
