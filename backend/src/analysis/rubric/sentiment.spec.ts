import { excellentCall, poorCall, liveCall } from './fixtures/call-fixtures';
import { TranscriptBuilder } from './fixtures/transcript-builder';
import { sentimentOf } from './sentiment';
import { viewTranscript } from './transcript-view';

describe('sentiment', () => {
  it('reads a warm call as positive and a dismissive one as negative', () => {
    expect(sentimentOf('live', viewTranscript(excellentCall().transcript))).toBe('positive');
    expect(sentimentOf('live', viewTranscript(poorCall().transcript))).toBe('negative');
  });

  it('is neutral when the words carry little tone', () => {
    const call = liveCall(new TranscriptBuilder().business('Harbor Point Plumbing.').caller('Do you fix water heaters?').business('Yes, we do.'));
    expect(sentimentOf('live', viewTranscript(call.transcript))).toBe('neutral');
  });

  it("does not read friendly negations ('no problem') as negative", () => {
    const call = liveCall(new TranscriptBuilder().business('No problem at all, happy to help.').caller('Great, thanks!'));
    expect(sentimentOf('live', viewTranscript(call.transcript))).toBe('positive');
  });

  it("weighs the caller's last words double", () => {
    const call = liveCall(
      new TranscriptBuilder()
        .business('Thanks for calling.')
        .caller('Can someone come today?')
        .business('Unfortunately we are booked.')
        .caller("That's ridiculous, forget it."),
    );
    expect(sentimentOf('live', viewTranscript(call.transcript))).toBe('negative');
  });

  it('is negative when the call reached nobody or looped, neutral for a plain voicemail', () => {
    const empty = viewTranscript([]);
    expect(sentimentOf('unreached', empty)).toBe('negative');
    expect(sentimentOf('menu', empty)).toBe('negative');
    expect(sentimentOf('voicemail', viewTranscript(liveCall(new TranscriptBuilder().business('Please leave a message.')).transcript))).toBe(
      'neutral',
    );
  });
});
