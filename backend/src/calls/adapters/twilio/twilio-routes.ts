/** The app's paths Twilio reaches: webhooks per call and the media stream. */
export const TWILIO_WEBHOOK_PREFIX = '/api/twilio';
export const MEDIA_STREAM_PATH = `${TWILIO_WEBHOOK_PREFIX}/media-stream`;

/**
 * With several nodes behind one balancer, Twilio's requests for a call go under `/api/twilio/node/{route}`,
 * the placing node's NODE_ROUTE, by which the balancer sends them to that node: the call's conversation
 * and progress live there. The node answers the same request with or without it.
 */
const routedPrefix = (route: string | null) => (route ? `${TWILIO_WEBHOOK_PREFIX}/node/${encodeURIComponent(route)}` : TWILIO_WEBHOOK_PREFIX);

export type TwilioCallback = 'status' | 'amd' | 'recording';

export const callbackPath = (callId: string, callback: TwilioCallback, route: string | null = null) =>
  `${routedPrefix(route)}/calls/${encodeURIComponent(callId)}/${callback}`;

/** ws:// for an http public URL (a local stand-in), wss:// for https. */
export const mediaStreamUrl = (publicUrl: string, route: string | null = null) => `${publicUrl.replace(/^http/, 'ws')}${routedPrefix(route)}/media-stream`;

const ROUTED_MEDIA_STREAM = new RegExp(`^${TWILIO_WEBHOOK_PREFIX}/node/[^/]+/media-stream$`);

/** Whether a request path is the media stream's, routed to a node or not. */
export const isMediaStreamPath = (path: string) => path === MEDIA_STREAM_PATH || ROUTED_MEDIA_STREAM.test(path);
