import WebSocket from 'ws';
import { normalizedEventType, type RealtimeServerEvent } from './realtime-protocol';

/** Messages written before the socket opens are kept, up to about ten seconds of audio. */
const MAX_PENDING = 500;

export interface RealtimeEndpoint {
  /** e.g. wss://api.openai.com/v1/realtime */
  url: string;
  model: string;
  apiKey: string;
}

export interface RealtimeModelSocketHandlers {
  onEvent(event: RealtimeServerEvent): void;
  /** The connection ended without {@link RealtimeModelSocket.close} being called. */
  onDrop(reason: string): void;
}

/** One WebSocket to the realtime model: JSON events both ways. */
export class RealtimeModelSocket {
  private readonly ws: WebSocket;
  private readonly pending: string[] = [];
  private closing = false;

  constructor(endpoint: RealtimeEndpoint, private readonly handlers: RealtimeModelSocketHandlers) {
    const url = new URL(endpoint.url);
    url.searchParams.set('model', endpoint.model);
    this.ws = new WebSocket(url, { headers: { Authorization: `Bearer ${endpoint.apiKey}` }, perMessageDeflate: false });
    this.ws.on('open', () => {
      for (const message of this.pending.splice(0)) this.ws.send(message);
    });
    this.ws.on('message', (data) => this.receive(data.toString()));
    this.ws.on('unexpected-response', (_request, response) => this.drop(`refused with HTTP ${response.statusCode}`));
    this.ws.on('error', (error) => this.drop(error.message));
    this.ws.on('close', (code, reason) => this.drop(`closed (${code}${reason.length ? ` ${reason.toString()}` : ''})`));
  }

  send(event: object): void {
    this.sendRaw(JSON.stringify(event));
  }

  /** A message already serialized. */
  sendRaw(message: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(message);
    else if (this.ws.readyState === WebSocket.CONNECTING && this.pending.length < MAX_PENDING) this.pending.push(message);
  }

  close(): void {
    this.closing = true;
    if (this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    else this.ws.close(1000);
  }

  private receive(text: string): void {
    let event: { type?: unknown };
    try {
      event = JSON.parse(text) as { type?: unknown };
    } catch {
      return;
    }
    if (typeof event.type !== 'string') return;
    event.type = normalizedEventType(event.type);
    this.handlers.onEvent(event as RealtimeServerEvent);
  }

  private drop(reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.ws.terminate();
    this.handlers.onDrop(reason);
  }
}
