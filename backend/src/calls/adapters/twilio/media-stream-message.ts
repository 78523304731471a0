import type { MediaStreamInbound } from '../../ports/media-stream';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** One text frame of a Twilio media stream, or null when it is not a message we know. */
export function parseMediaStreamMessage(text: string): MediaStreamInbound | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(message)) return null;
  switch (message.event) {
    case 'connected':
      return isString(message.protocol) ? (message as MediaStreamInbound) : null;
    case 'start': {
      const start = message.start;
      if (!isString(message.streamSid) || !isObject(start) || !isString(start.callSid) || !isObject(start.customParameters)) return null;
      return Object.values(start.customParameters).every(isString) ? (message as MediaStreamInbound) : null;
    }
    case 'media':
      return isString(message.streamSid) && isObject(message.media) && isString(message.media.payload) ? (message as MediaStreamInbound) : null;
    case 'mark':
      return isString(message.streamSid) && isObject(message.mark) && isString(message.mark.name) ? (message as MediaStreamInbound) : null;
    case 'dtmf':
      return isString(message.streamSid) && isObject(message.dtmf) && isString(message.dtmf.digit) ? (message as MediaStreamInbound) : null;
    case 'stop':
      return isString(message.streamSid) ? (message as MediaStreamInbound) : null;
    default:
      return null;
  }
}
