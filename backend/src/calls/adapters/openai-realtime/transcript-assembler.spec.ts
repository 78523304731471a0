import { confidenceOf, DEFAULT_CONFIDENCE, TranscriptAssembler } from './transcript-assembler';

describe('TranscriptAssembler', () => {
  it('times the business by its detected speech', () => {
    const transcript = new TranscriptAssembler();
    transcript.businessSpeechStarted('in1', 300);
    transcript.businessSpeechStopped('in1', 2100);
    expect(transcript.businessTranscribed('in1', ' Thanks for calling. ', 0.8, 2600)).toEqual({
      speaker: 'business',
      text: 'Thanks for calling.',
      startMs: 300,
      endMs: 2100,
      confidence: 0.8,
    });
  });

  it('times the caller by when its audio plays and how long it is', () => {
    const transcript = new TranscriptAssembler();
    transcript.callerAudio('out1', 2500, 200);
    transcript.callerAudio('out1', 2510, 300);
    expect(transcript.callerTranscribed('out1', 'Hi there.', 2600)).toEqual({
      speaker: 'caller',
      text: 'Hi there.',
      startMs: 2500,
      endMs: 3000,
      confidence: DEFAULT_CONFIDENCE,
    });
  });

  it('ends an interrupted reply where the business cut in, with only the words said by then', () => {
    const transcript = new TranscriptAssembler();
    transcript.callerAudio('out1', 1000, 3000);
    transcript.callerTruncated('out1', 1500);
    expect(transcript.callerTranscribed('out1', 'I was wondering whether you could come today', 1500)).toMatchObject({
      text: 'I was wondering whether',
      startMs: 1000,
      endMs: 2500,
    });
  });

  it('records nothing of a reply cut off before its first word was out', () => {
    const transcript = new TranscriptAssembler();
    transcript.callerAudio('out1', 1000, 3000);
    transcript.callerTruncated('out1', 100);
    expect(transcript.callerTranscribed('out1', 'I was wondering whether you could come today', 1100)).toBeNull();
  });

  it('falls back to the time of the transcription, and skips empty text', () => {
    const transcript = new TranscriptAssembler();
    expect(transcript.businessTranscribed('in9', 'Hello?', 0.9, 4000)).toMatchObject({ startMs: 4000, endMs: 4000 });
    transcript.businessSpeechStarted('in2', 10);
    expect(transcript.businessTranscribed('in2', '  ', 0.9, 500)).toBeNull();
  });
});

describe('confidenceOf', () => {
  it('is the mean token probability, or the default without log-probabilities', () => {
    expect(confidenceOf(undefined)).toBe(DEFAULT_CONFIDENCE);
    expect(confidenceOf([])).toBe(DEFAULT_CONFIDENCE);
    expect(confidenceOf([{ logprob: 0 }, { logprob: 0 }])).toBe(1);
    expect(confidenceOf([{ logprob: Math.log(0.5) }])).toBe(0.5);
  });
});
