import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { MediaStreamConnection, MediaStreamInbound, MediaStreamOutbound } from '../../ports/media-stream';
import { parseMediaStreamMessage } from './media-stream-message';
import { isMediaStreamPath } from './twilio-routes';

const START_TIMEOUT_MS = 10_000;
/** A media frame is about 300 bytes; nothing Twilio sends comes near this. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/** Decides whether a stream's `start` (its call and one-time token) opens a call's media. */
export type StreamAcceptor = (connection: MediaStreamConnection) => boolean;

/**
 * The WebSocket endpoint of Twilio media streams, on the app's own HTTP server: it takes the upgrades of
 * its path only (Socket.IO keeps its own), waits for `start`, and hands the stream on if the acceptor
 * recognises it; otherwise, or without a `start` in time, the socket is closed.
 */
export class MediaStreamServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private server: Server | null = null;

  constructor(private readonly accept: StreamAcceptor) {}

  attach(server: Server): void {
    this.server = server;
    server.on('upgrade', this.onUpgrade);
  }

  close(): void {
    this.server?.off('upgrade', this.onUpgrade);
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (!isMediaStreamPath((request.url ?? '').split('?')[0])) return;
    this.wss.handleUpgrade(request, socket, head, (ws) => this.open(ws));
  };

  private open(ws: WebSocket): void {
    const timer = setTimeout(() => ws.close(1008, 'no start'), START_TIMEOUT_MS);
    let stream: Stream | null = null;
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const message = isBinary ? null : parseMediaStreamMessage(data.toString());
      if (stream) {
        if (message) stream.deliver(message);
        return;
      }
      if (message?.event === 'connected') return;
      clearTimeout(timer);
      if (message?.event !== 'start') return ws.close(1008, 'expected start');
      const opened = new Stream(ws, message);
      if (!this.accept(opened)) return ws.close(1008, 'unknown stream');
      stream = opened;
    });
    ws.on('close', () => {
      clearTimeout(timer);
      stream?.closed();
    });
    ws.on('error', () => ws.terminate());
  }
}

class Stream implements MediaStreamConnection {
  readonly callSid: string;
  readonly streamSid: string;
  readonly customParameters: Record<string, string>;
  private readonly messageListeners: ((message: MediaStreamInbound) => void)[] = [];
  private readonly closeListeners: (() => void)[] = [];

  constructor(
    private readonly ws: WebSocket,
    start: Extract<MediaStreamInbound, { event: 'start' }>,
  ) {
    this.callSid = start.start.callSid;
    this.streamSid = start.streamSid;
    this.customParameters = { ...start.start.customParameters };
  }

  send(message: MediaStreamOutbound): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  onMessage(listener: (message: MediaStreamInbound) => void): void {
    this.messageListeners.push(listener);
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  close(): void {
    this.ws.close(1000);
  }

  deliver(message: MediaStreamInbound): void {
    for (const listener of this.messageListeners) listener(message);
  }

  closed(): void {
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
