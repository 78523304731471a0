import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { parseForm } from '../form-body';
import { type FormParams, twilioSignature } from '../twilio-signature';
import { businessSpeech, dualChannelWav } from './business-audio.fixture';
import { type BusinessTurn, StandInConversation } from './stand-in-conversation';

export type StandInScenario = 'human' | 'voicemail' | 'busy' | 'no_answer' | 'failed' | 'business_hangs_up';

export interface StandInOptions {
  accountSid: string;
  authToken: string;
  ringMs?: number;
  amdDelayMs?: number;
}

export interface DeliveredCallback {
  url: string;
  params: Record<string, string>;
  signature: string;
  status: number;
}

export interface StandInCall {
  sid: string;
  to: string;
  scenario: StandInScenario;
  params: Record<string, string | string[]>;
  /** Status updates our app asked for (`canceled`, `completed`). */
  updates: string[];
  /** Mu-law the app sent on the media stream, and the marks Twilio echoed back. */
  outbound: Buffer[];
  marks: string[];
  /** The played-out line, when the call held a {@link TwilioStandIn.conversation}. */
  conversation: StandInConversation | null;
  streamClosedBy: 'app' | 'stand-in' | null;
  done: Promise<void>;
}

interface LiveCall extends StandInCall {
  turns: BusinessTurn[] | null;
  hangUp: (() => void) | null;
  hungUp: boolean;
  finish(): void;
  recording: Buffer | null;
}

type AppStreamMessage = { event: string; media?: { payload: string }; mark?: { name: string } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FRAME_BYTES = 160;
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (value: string) => value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);

/**
 * Twilio on loopback: the Calls REST API (create, update status; Basic auth checked) and the play-out of
 * each call as Twilio would do it: signed status and answering-machine callbacks, a Media Streams client
 * for an answered call (real speech as 8 kHz mu-law in 20 ms frames, a keypress, marks echoed), and the
 * dual-channel recording behind a signed recording callback.
 */
export class TwilioStandIn {
  readonly calls: LiveCall[] = [];
  readonly callbacks: DeliveredCallback[] = [];
  private readonly sockets = new Set<WebSocket>();
  private server!: Server;
  url = '';
  /** How the next calls go. */
  scenario: StandInScenario = 'human';
  businessWords = 'Thank you for calling, this is Dana speaking. How can I help you?';
  /**
   * What the business says turn by turn, on a line played out in real time; when null, an answered
   * call hears `businessWords` (or a voicemail greeting) once, sent as fast as the stream takes it.
   */
  conversation: BusinessTurn[] | null = null;

  constructor(private readonly options: StandInOptions) {}

  static async start(options: StandInOptions): Promise<TwilioStandIn> {
    const standIn = new TwilioStandIn(options);
    standIn.server = createServer((request, response) => void standIn.route(request, response));
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    standIn.url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    return standIn;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Posts a form to our app the way Twilio does; `signature` overrides the real one (null sends none). */
  async post(url: string, params: Record<string, string>, signature?: string | null): Promise<number> {
    const real = twilioSignature(this.options.authToken, url, params);
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const sent = signature === undefined ? real : signature;
    if (sent !== null) headers['X-Twilio-Signature'] = sent;
    const response = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params) });
    this.callbacks.push({ url, params, signature: sent ?? '', status: response.status });
    return response.status;
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0]!;
    const base = `/2010-04-01/Accounts/${this.options.accountSid}`;
    const expected = `Basic ${Buffer.from(`${this.options.accountSid}:${this.options.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return json(response, 401, { code: 20003, message: 'Authenticate' });
    if (request.method === 'POST' && path === `${base}/Calls.json`) return json(response, 201, this.create(await form(request)));
    const update = path.match(new RegExp(`^${base}/Calls/(CA[0-9a-f]{32})\\.json$`));
    if (request.method === 'POST' && update) {
      const call = this.calls.find((c) => c.sid === update[1]);
      if (!call) return json(response, 404, { code: 20404, message: 'Not found' });
      const status = String((await form(request)).Status);
      call.updates.push(status);
      call.hungUp = true;
      call.hangUp?.();
      return json(response, 200, { sid: call.sid, status });
    }
    const recording = path.match(new RegExp(`^${base}/Recordings/(RE[0-9a-f]{32})\\.wav$`));
    const wav = recording && this.calls.find((c) => c.recording && c.params.RecordingSid === recording[1])?.recording;
    if (request.method === 'GET' && wav) {
      response.writeHead(200, { 'Content-Type': 'audio/x-wav' });
      return void response.end(wav);
    }
    json(response, 404, { code: 20404, message: 'Not found' });
  }

  private create(params: FormParams): Record<string, string> {
    const sid = `CA${randomBytes(16).toString('hex')}`;
    const to = String(params.To);
    let finish!: () => void;
    const call: LiveCall = {
      sid,
      to,
      scenario: this.scenario,
      turns: this.conversation,
      params,
      updates: [],
      outbound: [],
      marks: [],
      conversation: null,
      streamClosedBy: null,
      done: new Promise<void>((resolve) => (finish = resolve)),
      finish: () => finish(),
      hangUp: null,
      hungUp: false,
      recording: null,
    };
    this.calls.push(call);
    // A call whose app has gone away just ends.
    void this.playOut(call)
      .catch(() => undefined)
      .finally(() => call.finish());
    return { sid, status: 'queued', to, from: String(params.From) };
  }

  private async playOut(call: LiveCall): Promise<void> {
    let sequence = 0;
    const status = (callStatus: string, extra: Record<string, string> = {}) =>
      this.post(String(call.params.StatusCallback), {
        AccountSid: this.options.accountSid,
        ApiVersion: '2010-04-01',
        CallSid: call.sid,
        CallStatus: callStatus,
        CallbackSource: 'call-progress-events',
        Direction: 'outbound-api',
        From: String(call.params.From),
        To: call.to,
        SequenceNumber: String(sequence++),
        Timestamp: new Date().toUTCString(),
        ...extra,
      });
    const hungUpWithin = (ms: number) => (call.hungUp ? Promise.resolve() : Promise.race([sleep(ms), new Promise<void>((resolve) => (call.hangUp = resolve))]));

    await sleep(20);
    await status('initiated');
    await hungUpWithin(60);
    if (!call.hungUp) await status('ringing');
    await hungUpWithin(this.options.ringMs ?? 1300);
    if (call.hungUp) return void (await status('canceled', { CallDuration: '0' }));
    if (call.scenario === 'busy') return void (await status('busy', { CallDuration: '0' }));
    if (call.scenario === 'no_answer') return void (await status('no-answer', { CallDuration: '0' }));
    if (call.scenario === 'failed') return void (await status('failed', { CallDuration: '0', ErrorMessage: 'the number is not in service' }));

    const answeredAt = Date.now();
    await status('in-progress');
    const machine = call.scenario === 'voicemail';
    setTimeout(
      () =>
        void this.post(String(call.params.AsyncAmdStatusCallback), {
          AccountSid: this.options.accountSid,
          CallSid: call.sid,
          AnsweredBy: machine ? 'machine_end_beep' : 'human',
          MachineDetectionDuration: '2100',
        }),
      this.options.amdDelayMs ?? 300,
    );
    let business: Buffer;
    let caller: Buffer;
    if (call.turns) {
      const line = await this.converse(call, call.turns);
      [business, caller] = [Buffer.concat(line.business), Buffer.concat(line.caller)];
    } else {
      const words = machine ? 'Hi, you have reached the voicemail of the front desk. Please leave a message after the tone.' : this.businessWords;
      business = await this.stream(call, await businessSpeech(words), () => call.hungUp);
      caller = Buffer.concat(call.outbound);
    }
    if (call.scenario !== 'business_hangs_up') await hungUpWithin(20_000);
    const seconds = Math.max(1, Math.round((Date.now() - answeredAt) / 1000));
    await status('completed', { CallDuration: String(seconds) });

    const recordingSid = `RE${randomBytes(16).toString('hex')}`;
    call.params.RecordingSid = recordingSid;
    call.recording = dualChannelWav(business, caller);
    await this.post(String(call.params.RecordingStatusCallback), {
      AccountSid: this.options.accountSid,
      CallSid: call.sid,
      RecordingSid: recordingSid,
      RecordingUrl: `${this.url}/2010-04-01/Accounts/${this.options.accountSid}/Recordings/${recordingSid}`,
      RecordingStatus: 'completed',
      RecordingDuration: String(seconds),
      RecordingChannels: '2',
      RecordingSource: 'OutboundAPI',
    });
  }

  /** Opens the Media Streams client the call's TwiML asks for and plays `audio` into it; returns what was played. */
  private async stream(call: LiveCall, audio: Buffer, stopped: () => boolean): Promise<Buffer> {
    const { ws, send } = await this.openStream(call, (message) => {
      if (message.event === 'media') call.outbound.push(Buffer.from(message.media!.payload, 'base64'));
      if (message.event === 'mark') {
        call.marks.push(message.mark!.name);
        send({ event: 'mark', mark: message.mark });
      }
    });
    let played = 0;
    for (let offset = 0; offset < audio.length && !stopped() && ws.readyState === WebSocket.OPEN; offset += FRAME_BYTES) {
      const payload = audio.subarray(offset, offset + FRAME_BYTES);
      send({ event: 'media', media: { track: 'inbound', chunk: String(offset / FRAME_BYTES + 1), timestamp: String(offset / 8), payload: payload.toString('base64') } });
      played = offset + payload.length;
      if (offset === FRAME_BYTES * 10) send({ event: 'dtmf', dtmf: { track: 'inbound_track', digit: '5' } });
      await sleep(20);
    }
    this.stopStream(call, ws, send);
    return audio.subarray(0, played);
  }

  /** Holds the call's conversation on a line played out in real time, until either side ends the call. */
  private async converse(call: LiveCall, turns: BusinessTurn[]): Promise<StandInConversation> {
    let chunk = 0;
    let send: (message: Record<string, unknown>) => void = () => undefined;
    const line = new StandInConversation(
      turns,
      (payload) => {
        chunk += 1;
        send({ event: 'media', media: { track: 'inbound', chunk: String(chunk), timestamp: String(chunk * 20), payload: payload.toString('base64') } });
      },
      (name) => {
        call.marks.push(name);
        send({ event: 'mark', mark: { name } });
      },
    );
    call.conversation = line;
    const stream = await this.openStream(call, (message) => {
      if (message.event === 'media') call.outbound.push(Buffer.from(message.media!.payload, 'base64'));
      line.fromApp(message);
    });
    const { ws } = stream;
    send = stream.send;
    await line.run(() => call.hungUp || ws.readyState !== WebSocket.OPEN);
    this.stopStream(call, ws, send);
    return line;
  }

  private async openStream(call: LiveCall, onMessage: (message: AppStreamMessage) => void): Promise<{ ws: WebSocket; send: (message: Record<string, unknown>) => void }> {
    const twiml = String(call.params.Twiml);
    const url = unescapeXml(twiml.match(/<Stream url="([^"]+)"/)![1]!);
    const customParameters = Object.fromEntries([...twiml.matchAll(/<Parameter name="([^"]*)" value="([^"]*)"\/>/g)].map((m) => [unescapeXml(m[1]!), unescapeXml(m[2]!)]));
    const ws = new WebSocket(url);
    this.sockets.add(ws);
    const streamSid = `MZ${randomBytes(16).toString('hex')}`;
    let sequence = 1;
    const send = (message: Record<string, unknown>) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ ...message, sequenceNumber: String(sequence++), streamSid }));
    ws.on('message', (data) => onMessage(JSON.parse(data.toString()) as AppStreamMessage));
    ws.on('close', () => (call.streamClosedBy ??= 'app'));
    await new Promise<void>((resolve) => {
      ws.once('open', resolve);
      ws.once('error', () => resolve());
      ws.once('close', () => resolve());
    });
    ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
    send({
      event: 'start',
      start: {
        streamSid,
        accountSid: this.options.accountSid,
        callSid: call.sid,
        tracks: ['inbound'],
        customParameters,
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
    return { ws, send };
  }

  private stopStream(call: LiveCall, ws: WebSocket, send: (message: Record<string, unknown>) => void): void {
    send({ event: 'stop', stop: { accountSid: this.options.accountSid, callSid: call.sid } });
    call.streamClosedBy ??= 'stand-in';
    ws.close();
  }
}

async function form(request: IncomingMessage): Promise<FormParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return parseForm(Buffer.concat(chunks).toString());
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}
