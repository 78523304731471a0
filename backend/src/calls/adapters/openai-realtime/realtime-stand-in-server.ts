import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { pcmFromMuLaw } from './mu-law';
import { MU_LAW_BYTES_PER_MS } from './playback-tracker';

/** What the stand-in model says in one response. */
export interface StandInReply {
  /** 8 kHz mu-law. */
  audio?: Buffer;
  transcript?: string;
  tool?: { name: string; arguments: Record<string, unknown> };
}

/** How the stand-in model behaves; every hook is optional. */
export interface StandInScript {
  /** "Transcribes" one utterance of the business (real speech recognition is out of reach). */
  transcribe?(audio: Buffer): string;
  /** The reply to an utterance of the business, created by server voice detection as the real API does. */
  onHeard?(transcript: string): StandInReply | null;
  /** The reply to the client's `response.create`. */
  onResponseRequest?(instructions: string | undefined): StandInReply | null;
}

export interface StandInOptions {
  apiKey: string;
  script?: StandInScript;
  /** 'beta' sends the older names of the audio events (`response.audio.delta`, …). */
  eventNames?: 'ga' | 'beta';
  /** Bytes of audio per `response.output_audio.delta`. Default 800 (100 ms). */
  deltaBytes?: number;
  /** Voice detection: speech above this RMS level (0–1), ended by this much silence. */
  vadThreshold?: number;
  vadSilenceMs?: number;
}

export interface ClientEvent {
  type: string;
  [field: string]: unknown;
}

const EVENT_NAMES = {
  ga: { delta: 'response.output_audio.delta', audioDone: 'response.output_audio.done', transcriptDone: 'response.output_audio_transcript.done' },
  beta: { delta: 'response.audio.delta', audioDone: 'response.audio.done', transcriptDone: 'response.audio_transcript.done' },
};
/** Frames of speech in a row that start an utterance. */
const SPEECH_START_FRAMES = 2;

/** One client connection: its voice detection and the response it is sending. */
class StandInConnection {
  private audioMs = 0;
  private speechRun = 0;
  private utterance: Buffer[] | null = null;
  private silentMs = 0;
  private items = 0;
  private itemId = '';
  responding = false;

  constructor(
    readonly socket: WebSocket,
    private readonly server: RealtimeStandInServer,
  ) {}

  emit(event: object): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.server.sending(event);
    this.socket.send(JSON.stringify(event));
  }

  /** Energy-threshold voice detection over appended mu-law, in the shape of server VAD events. */
  detectVoice(chunk: Buffer): void {
    const { vadThreshold, vadSilenceMs } = this.server.vad;
    const samples = pcmFromMuLaw(chunk);
    let sum = 0;
    for (const sample of samples) sum += (sample / 32768) ** 2;
    const speech = samples.length > 0 && Math.sqrt(sum / samples.length) > vadThreshold;
    const chunkMs = chunk.length / MU_LAW_BYTES_PER_MS;
    this.audioMs += chunkMs;
    if (!this.utterance) {
      this.speechRun = speech ? this.speechRun + 1 : 0;
      if (this.speechRun < SPEECH_START_FRAMES) return;
      this.itemId = `item_in_${(this.items += 1)}`;
      this.utterance = [chunk];
      this.silentMs = 0;
      this.emit({ type: 'input_audio_buffer.speech_started', item_id: this.itemId, audio_start_ms: Math.round(this.audioMs - SPEECH_START_FRAMES * chunkMs) });
      return;
    }
    this.utterance.push(chunk);
    this.silentMs = speech ? 0 : this.silentMs + chunkMs;
    if (this.silentMs < vadSilenceMs) return;
    const audio = Buffer.concat(this.utterance);
    this.utterance = null;
    this.speechRun = 0;
    this.server.speechStopped(this, this.itemId, Math.round(this.audioMs - this.silentMs), audio);
  }
}

/**
 * A stand-in for the OpenAI Realtime API on 127.0.0.1, speaking its WebSocket protocol: checks the
 * bearer key, acknowledges `session.update`, detects speech in the appended audio, "transcribes" it and
 * replies with the script's audio, transcript and tool calls, all at once. Records what clients sent.
 */
export class RealtimeStandInServer {
  readonly received: ClientEvent[] = [];
  readonly requestedModels: string[] = [];
  private readonly http: Server;
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly connections = new Set<StandInConnection>();
  private readonly listeners: ((event: ClientEvent) => void)[] = [];
  private readonly sendListeners: ((event: object) => void)[] = [];
  private responses = 0;
  readonly vad: { vadThreshold: number; vadSilenceMs: number };
  script: StandInScript;

  constructor(private readonly options: StandInOptions) {
    this.script = options.script ?? {};
    this.vad = { vadThreshold: options.vadThreshold ?? 0.02, vadSilenceMs: options.vadSilenceMs ?? 400 };
    this.http = createServer((_request, response) => response.writeHead(404).end());
    this.http.on('upgrade', (request, socket, head) => this.upgrade(request, socket, head));
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
    return `ws://127.0.0.1:${(this.http.address() as AddressInfo).port}/v1/realtime`;
  }

  async stop(): Promise<void> {
    for (const connection of this.connections) connection.socket.terminate();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  get openConnections(): number {
    return this.connections.size;
  }

  /** Calls `listener` with every client event as it arrives, appends included. */
  onClientEvent(listener: (event: ClientEvent) => void): void {
    this.listeners.push(listener);
  }

  /** Calls `listener` with every event just before it is sent to a client. */
  onServerEvent(listener: (event: object) => void): void {
    this.sendListeners.push(listener);
  }

  /** @internal */
  sending(event: object): void {
    for (const listener of this.sendListeners) listener(event);
  }

  /** Sends one event to every connected client. */
  broadcast(event: object): void {
    for (const connection of this.connections) connection.emit(event);
  }

  /** Cuts every connection without a closing handshake, as a network failure would. */
  dropConnections(): void {
    for (const connection of this.connections) connection.socket.terminate();
  }

  receivedOfType(type: string): ClientEvent[] {
    return this.received.filter((event) => event.type === type);
  }

  /** @internal the voice detection of a connection found the end of an utterance. */
  speechStopped(connection: StandInConnection, itemId: string, audioEndMs: number, audio: Buffer): void {
    connection.emit({ type: 'input_audio_buffer.speech_stopped', item_id: itemId, audio_end_ms: audioEndMs });
    const transcript = this.script.transcribe?.(audio) ?? '';
    connection.emit({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript });
    const reply = this.script.onHeard?.(transcript);
    if (reply && !connection.responding) this.respond(connection, reply);
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.headers.authorization !== `Bearer ${this.options.apiKey}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.requestedModels.push(url.searchParams.get('model') ?? '');
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new StandInConnection(ws, this);
      this.connections.add(connection);
      ws.on('message', (data) => this.onMessage(connection, data.toString()));
      ws.on('close', () => this.connections.delete(connection));
      connection.emit({ type: 'session.created', session: { type: 'realtime', model: url.searchParams.get('model') } });
    });
  }

  private onMessage(connection: StandInConnection, text: string): void {
    const event = JSON.parse(text) as ClientEvent;
    for (const listener of this.listeners) listener(event);
    switch (event.type) {
      case 'input_audio_buffer.append':
        connection.detectVoice(Buffer.from(String(event.audio), 'base64'));
        return;
      case 'session.update':
        connection.emit({ type: 'session.updated', session: event.session });
        break;
      case 'conversation.item.truncate':
        connection.emit({ type: 'conversation.item.truncated', item_id: event.item_id, content_index: event.content_index, audio_end_ms: event.audio_end_ms });
        break;
      case 'conversation.item.create':
        connection.emit({ type: 'conversation.item.created', item: event.item });
        break;
      case 'response.create':
        if (connection.responding) {
          connection.emit({ type: 'error', error: { type: 'invalid_request_error', code: 'conversation_already_has_active_response', message: 'A response is in progress.' } });
        } else {
          const instructions = (event.response as { instructions?: string } | undefined)?.instructions;
          this.respond(connection, this.script.onResponseRequest?.(instructions) ?? {});
        }
        break;
    }
    this.received.push(event);
  }

  private respond(connection: StandInConnection, reply: StandInReply): void {
    const names = EVENT_NAMES[this.options.eventNames ?? 'ga'];
    const number = (this.responses += 1);
    const responseId = `resp_${number}`;
    const itemId = `item_out_${number}`;
    const deltaBytes = this.options.deltaBytes ?? 800;
    connection.responding = true;
    connection.emit({ type: 'response.created', response: { id: responseId, status: 'in_progress' } });
    if (reply.audio) {
      for (let at = 0; at < reply.audio.length; at += deltaBytes) {
        const delta = reply.audio.subarray(at, at + deltaBytes).toString('base64');
        connection.emit({ type: names.delta, response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, delta });
      }
      connection.emit({ type: names.audioDone, response_id: responseId, item_id: itemId });
    }
    if (reply.transcript) connection.emit({ type: names.transcriptDone, response_id: responseId, item_id: itemId, transcript: reply.transcript });
    if (reply.tool) {
      connection.emit({
        type: 'response.function_call_arguments.done',
        response_id: responseId,
        item_id: `fc_${number}`,
        call_id: `call_${number}`,
        name: reply.tool.name,
        arguments: JSON.stringify(reply.tool.arguments),
      });
    }
    connection.responding = false;
    connection.emit({ type: 'response.done', response: { id: responseId, status: 'completed' } });
  }
}
