export { createRealtimeVoiceAgent, realtimeVoiceAgentProvider, type RealtimeVoiceAgentConfig } from './create-realtime-voice-agent';
export { OpenAiRealtimeVoiceAgent, type OpenAiRealtimeConfig } from './openai-realtime-voice-agent';
