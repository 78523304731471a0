import { excellentCall, liveCall } from './fixtures/call-fixtures';
import { TranscriptBuilder } from './fixtures/transcript-builder';
import { keyTopics, mentionsTopic } from './topics';
import { viewTranscript } from './transcript-view';

describe('key topics', () => {
  it('lists the topics of the conversation in the order they came up', () => {
    expect(keyTopics(viewTranscript(excellentCall().transcript))).toEqual(['Availability', 'Emergency service', 'Pricing']);
  });

  it('recognises each keyword family', () => {
    const call = liveCall(
      new TranscriptBuilder()
        .business('Bright Smile Dental, how can I help you today?')
        .caller('Do you take Delta insurance?')
        .business('Yes, we are in-network.')
        .caller('What are your hours, and where are you located?')
        .business('We are open 8 am to 5 pm at 12 Main Street, with free parking.')
        .caller('Can I book a cleaning next week? Do you accept credit cards?'),
    );
    expect(keyTopics(viewTranscript(call.transcript))).toEqual([
      'Insurance',
      'Business hours',
      'Location',
      'Availability',
      'Scheduling',
      'Payment options',
    ]);
  });

  it("does not take a stock phrase like 'help you today' for talk about availability", () => {
    expect(mentionsTopic('How can I help you today?', 'availability')).toBe(false);
    expect(mentionsTopic('Can you come today?', 'availability')).toBe(true);
  });

  it('is empty without a conversation', () => {
    expect(keyTopics(viewTranscript([]))).toEqual([]);
  });
});
