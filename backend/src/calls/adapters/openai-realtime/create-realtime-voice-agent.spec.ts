import { createRealtimeVoiceAgent } from './create-realtime-voice-agent';

const config = { openAiRealtimeUrl: 'wss://api.openai.com/v1/realtime', openAiRealtimeModel: 'gpt-realtime', openAiRealtimeVoice: 'alloy' };

describe('createRealtimeVoiceAgent', () => {
  it('gives no agent without an API key', () => {
    expect(createRealtimeVoiceAgent(config)).toBeNull();
    expect(createRealtimeVoiceAgent({ ...config, openAiApiKey: '  ' })).toBeNull();
  });

  it('gives the OpenAI Realtime agent with one, healthy without touching the network', async () => {
    const agent = createRealtimeVoiceAgent({ ...config, openAiApiKey: 'sk-test' })!;
    expect(agent.adapterName).toBe('openai-realtime');
    const health = await agent.health();
    expect(health).toEqual({ adapter: 'openai-realtime', state: 'up', detail: 'gpt-realtime, voice alloy (not probed)' });
    expect(JSON.stringify(health)).not.toContain('sk-test');
  });
});
