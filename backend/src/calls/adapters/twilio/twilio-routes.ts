/** The app's paths Twilio reaches: webhooks per call and the media stream. */
export const TWILIO_WEBHOOK_PREFIX = '/api/twilio';
export const MEDIA_STREAM_PATH = `${TWILIO_WEBHOOK_PREFIX}/media-stream`;

export type TwilioCallback = 'status' | 'amd' | 'recording';

export const callbackPath = (callId: string, callback: TwilioCallback) => `${TWILIO_WEBHOOK_PREFIX}/calls/${encodeURIComponent(callId)}/${callback}`;

/** ws:// for an http public URL (a local stand-in), wss:// for https. */
export const mediaStreamUrl = (publicUrl: string) => `${publicUrl.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`;
