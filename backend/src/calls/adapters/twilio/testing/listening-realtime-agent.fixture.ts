import type { RealtimeCallerSession, RealtimeVoiceAgent } from '../../../ports/media-stream';

export interface ListeningAgentOptions {
  /** What the business says, reported as its transcript once the caller has heard `listenMs` of it. */
  businessWords: string;
  listenMs?: number;
  /** How long after its line has played the caller asks to end the call. */
  hangUpAfterMs?: number;
}

const FRAME_MS = 20;
const LINE_FRAMES = 25;
const CALLER_LINE = 'Hi, do you have a table for two tonight?';

/**
 * A stand-in caller that, like the realtime model, listens before it speaks: once it has heard
 * `listenMs` of the business it reports the business's words, says one line (audio and a mark), reports
 * that line once it has played, and `hangUpAfterMs` later asks to end the call. Times are ms from the
 * stream's start, as the realtime session measures them.
 */
export class ListeningRealtimeAgent implements RealtimeVoiceAgent {
  readonly adapterName = 'listening-fake-realtime';

  constructor(private readonly options: ListeningAgentOptions) {}

  prepare(): RealtimeCallerSession {
    const { businessWords, listenMs = 400, hangUpAfterMs = 1000 } = this.options;
    const timers = new Set<NodeJS.Timeout>();
    const later = (work: () => void, ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        work();
      }, ms);
      timers.add(timer);
    };
    let closed = false;
    return {
      attach: (stream, events) => {
        const attachedAt = performance.now();
        const nowMs = () => Math.round(performance.now() - attachedAt);
        let heardMs = 0;
        stream.onMessage((message) => {
          if (closed || message.event !== 'media' || heardMs >= listenMs) return;
          heardMs += FRAME_MS;
          if (heardMs < listenMs) return;
          events.transcript({ speaker: 'business', text: businessWords, startMs: 0, endMs: nowMs(), confidence: 0.9 });
          const startMs = nowMs();
          for (let frame = 0; frame < LINE_FRAMES; frame += 1) stream.send({ event: 'media', streamSid: stream.streamSid, media: { payload: Buffer.alloc(160, 0x55).toString('base64') } });
          stream.send({ event: 'mark', streamSid: stream.streamSid, mark: { name: 'line-1' } });
          later(() => {
            events.transcript({ speaker: 'caller', text: CALLER_LINE, startMs, endMs: nowMs(), confidence: 0.92 });
            later(() => events.hangUp('goal_reached', nowMs()), hangUpAfterMs);
          }, LINE_FRAMES * FRAME_MS);
        });
      },
      close: () => {
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      },
    };
  }

  async health() {
    return { adapter: this.adapterName, state: 'up' as const };
  }
}
