import type {
  CallerHangUpReason,
  MediaStreamInbound,
  RealtimeCallSetup,
  RealtimeCallerSession,
  RealtimeVoiceAgent,
} from '../../../ports/media-stream';

export interface FakeSessionLog {
  setup: RealtimeCallSetup;
  attached: boolean;
  closed: boolean;
  received: MediaStreamInbound['event'][];
  mediaFrames: number;
}

/**
 * A stand-in caller: once the stream is attached it says one line (as one transcript segment and a burst
 * of audio with a mark), and after `hangUpAfterMs` asks to end the call.
 */
export class FakeRealtimeAgent implements RealtimeVoiceAgent {
  readonly adapterName = 'fake-realtime';
  readonly sessions: FakeSessionLog[] = [];

  constructor(
    public hangUpAfterMs = 600,
    private readonly reason: CallerHangUpReason = 'goal_reached',
  ) {}

  prepare(setup: RealtimeCallSetup): RealtimeCallerSession {
    const log: FakeSessionLog = { setup, attached: false, closed: false, received: [], mediaFrames: 0 };
    this.sessions.push(log);
    let timer: NodeJS.Timeout | null = null;
    return {
      attach: (stream, events) => {
        log.attached = true;
        stream.onMessage((message) => {
          log.received.push(message.event);
          if (message.event === 'media') log.mediaFrames += 1;
        });
        for (let frame = 0; frame < 25; frame += 1) stream.send({ event: 'media', streamSid: stream.streamSid, media: { payload: Buffer.alloc(160, 0x55).toString('base64') } });
        stream.send({ event: 'mark', streamSid: stream.streamSid, mark: { name: 'line-1' } });
        events.transcript({ speaker: 'caller', text: 'Hi, do you have a table for two tonight?', startMs: 200, endMs: 1700, confidence: 0.92 });
        events.digits('1', 1800);
        timer = setTimeout(() => events.hangUp(this.reason, 2000), this.hangUpAfterMs);
      },
      close: () => {
        log.closed = true;
        if (timer) clearTimeout(timer);
      },
    };
  }

  async health() {
    return { adapter: this.adapterName, state: 'up' as const };
  }
}
