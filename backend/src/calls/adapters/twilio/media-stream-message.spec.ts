import { parseMediaStreamMessage } from './media-stream-message';

describe('parseMediaStreamMessage', () => {
  it('reads the messages of a stream', () => {
    const start = {
      event: 'start',
      sequenceNumber: '1',
      streamSid: 'MZ1',
      start: { streamSid: 'MZ1', accountSid: 'AC1', callSid: 'CA1', tracks: ['inbound'], customParameters: { callId: 'call_1' }, mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 } },
    };
    expect(parseMediaStreamMessage(JSON.stringify(start))).toEqual(start);
    expect(parseMediaStreamMessage('{"event":"media","streamSid":"MZ1","media":{"payload":"AAA="}}')?.event).toBe('media');
    expect(parseMediaStreamMessage('{"event":"dtmf","streamSid":"MZ1","dtmf":{"digit":"5"}}')?.event).toBe('dtmf');
  });

  it('refuses what is not a message of the protocol', () => {
    expect(parseMediaStreamMessage('not json')).toBeNull();
    expect(parseMediaStreamMessage('[1]')).toBeNull();
    expect(parseMediaStreamMessage('{"event":"start","streamSid":"MZ1","start":{"callSid":"CA1","customParameters":{"a":1}}}')).toBeNull();
    expect(parseMediaStreamMessage('{"event":"media","streamSid":"MZ1"}')).toBeNull();
    expect(parseMediaStreamMessage('{"event":"other"}')).toBeNull();
  });
});
