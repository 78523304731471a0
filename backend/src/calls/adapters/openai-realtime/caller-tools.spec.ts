import { CALLER_TOOLS, callerToolCall } from './caller-tools';
import { createResponse, normalizedEventType, sessionUpdate } from './realtime-protocol';

describe('callerToolCall', () => {
  it('reads the keys to press and the reason to hang up', () => {
    expect(callerToolCall('press_keys', '{"digits":"12#"}')).toEqual({ name: 'press_keys', digits: '12#' });
    expect(callerToolCall('end_call', '{"reason":"voicemail"}')).toEqual({ name: 'end_call', reason: 'voicemail' });
  });

  it('survives arguments it cannot use', () => {
    expect(callerToolCall('press_keys', '{"digits":')).toEqual({ name: 'press_keys', digits: '' });
    expect(callerToolCall('end_call', '{"reason":"silence"}')).toEqual({ name: 'end_call', reason: 'goal_reached' });
    expect(callerToolCall('transfer', '{}')).toEqual({ name: 'unknown', tool: 'transfer' });
  });
});

describe('realtime protocol', () => {
  it('asks for mu-law both ways, server voice detection, input transcription and the caller tools', () => {
    const update = sessionUpdate({ model: 'gpt-realtime', instructions: 'Be a customer.', voice: 'alloy', tools: CALLER_TOOLS });
    expect(update.session.audio.input.format).toEqual({ type: 'audio/pcmu' });
    expect(update.session.audio.output).toEqual({ format: { type: 'audio/pcmu' }, voice: 'alloy' });
    expect(update.session.audio.input.turn_detection.type).toBe('server_vad');
    expect(update.session.tools.map((tool) => tool.name)).toEqual(['press_keys', 'end_call']);
  });

  it('maps the beta names of the audio events to the GA ones', () => {
    expect(normalizedEventType('response.audio.delta')).toBe('response.output_audio.delta');
    expect(normalizedEventType('response.audio_transcript.done')).toBe('response.output_audio_transcript.done');
    expect(normalizedEventType('response.output_audio.delta')).toBe('response.output_audio.delta');
  });

  it('keeps a wrap-up reply from calling tools', () => {
    expect(createResponse()).toEqual({ type: 'response.create' });
    expect(createResponse('Say bye.')).toEqual({ type: 'response.create', response: { instructions: 'Say bye.', tool_choice: 'none' } });
  });
});
