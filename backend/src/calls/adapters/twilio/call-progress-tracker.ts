import type { CallProgress, TranscriptSegment } from '../../ports/telephony';
import { type MachineVerdict, machineVerdictOf } from './answering-machine';
import { ringsIn } from './callback-timing';

/** What the voice agent reports; `atMs` counts from the answer. */
export type AgentReport =
  | { kind: 'transcript'; segment: TranscriptSegment }
  | { kind: 'dtmf'; digits: string; atMs: number }
  | { kind: 'ivr_loop'; atMs: number };

export interface StatusUpdate {
  /** Twilio's `CallStatus`. */
  status: string;
  /** Epoch ms of the event (see `callbackTimeMs`). */
  atMs: number;
  /** `CallDuration` of the final callback, in seconds. */
  durationSeconds?: number;
  /** Why a call failed, when Twilio says. */
  reason?: string;
}

export interface TrackerStep {
  reports: CallProgress[];
  /** A machine answered: end the call now, leaving no message. */
  hangUp: boolean;
}

/** Order of Twilio's call statuses; every final status ranks last. */
const STATUS_RANK: Record<string, number> = {
  queued: 0,
  initiated: 1,
  ringing: 2,
  'in-progress': 3,
  completed: 4,
  busy: 4,
  'no-answer': 4,
  failed: 4,
  canceled: 4,
};

const nothing = (): TrackerStep => ({ reports: [], hangUp: false });

/**
 * One call's progress from Twilio's callbacks, which may arrive twice or out of order: a status only moves
 * the call forward (a 'ringing' after 'in-progress' is ignored), and the answer is reported once the
 * answering-machine verdict is in, with the voice agent's reports held back until then so the call's
 * record reads in order. Times are call-clock ms from dialling (the `initiated` callback, else the request).
 */
export class CallProgressTracker {
  private rank = 0;
  private originMs: number;
  private ringingAtMs: number | null = null;
  private answeredAtMs: number | null = null;
  private verdict: MachineVerdict | null = null;
  private answerReported = false;
  private outcomeReported = false;
  private held: AgentReport[] = [];
  private hungUpByCaller = false;

  constructor(
    dialedAtMs: number,
    private readonly timeLimitSeconds: number,
  ) {
    this.originMs = dialedAtMs;
  }

  get ended(): boolean {
    return this.rank === STATUS_RANK.completed;
  }

  /** Whether Twilio reported the call in progress (hanging up then means 'completed', not 'canceled'). */
  get connected(): boolean {
    return this.rank >= STATUS_RANK['in-progress']!;
  }

  /** Whether the line was answered (a recording will follow). */
  get answered(): boolean {
    return this.answeredAtMs !== null && this.verdict !== 'fax';
  }

  /** We are ending the call: its end is the caller's, and a cancel before the answer reports nothing. */
  callerHangsUp(): void {
    this.hungUpByCaller = true;
  }

  status(update: StatusUpdate): TrackerStep {
    const rank = STATUS_RANK[update.status];
    if (rank === undefined || rank <= this.rank) return nothing();
    this.rank = rank;
    switch (update.status) {
      case 'initiated':
        if (this.ringingAtMs === null) this.originMs = update.atMs;
        return { reports: [{ kind: 'dialing', atMs: 0 }], hangUp: false };
      case 'ringing':
        this.ringingAtMs = update.atMs;
        return { reports: [{ kind: 'ringing', atMs: this.at(update.atMs), ring: 1 }], hangUp: false };
      case 'in-progress':
        this.answeredAtMs = update.atMs;
        return this.reportAnswer();
      default:
        return { reports: this.end(update), hangUp: false };
    }
  }

  /** The asynchronous answering-machine verdict (`AnsweredBy`). */
  machine(answeredBy: string): TrackerStep {
    if (this.verdict !== null || this.outcomeReported) return nothing();
    this.verdict = machineVerdictOf(answeredBy);
    const step = this.reportAnswer();
    return { reports: step.reports, hangUp: this.verdict !== 'human' && !this.ended };
  }

  agent(report: AgentReport): CallProgress[] {
    if (this.outcomeReported) return [];
    if (!this.answerReported) {
      this.held.push(report);
      return [];
    }
    return [this.fromAgent(report)];
  }

  private reportAnswer(): TrackerStep {
    if (this.answerReported || this.answeredAtMs === null || this.verdict === null) return nothing();
    this.answerReported = true;
    const atMs = this.at(this.answeredAtMs);
    if (this.verdict === 'fax') {
      this.outcomeReported = true;
      return { reports: [{ kind: 'failed', atMs, reason: 'a fax machine answered' }], hangUp: false };
    }
    const reports: CallProgress[] = [];
    const rings = this.ringingAtMs === null ? 0 : ringsIn(this.answeredAtMs - this.ringingAtMs);
    if (rings > 1) reports.push({ kind: 'ringing', atMs, ring: rings });
    reports.push({ kind: 'answered', atMs, answeredBy: this.verdict === 'voicemail' ? 'voicemail' : 'human' });
    reports.push(...this.held.map((report) => this.fromAgent(report)));
    this.held = [];
    return { reports, hangUp: false };
  }

  private end(update: StatusUpdate): CallProgress[] {
    if (this.outcomeReported) return [];
    this.outcomeReported = true;
    const atMs = this.at(update.atMs);
    const duration = update.durationSeconds ?? 0;
    switch (update.status) {
      case 'completed': {
        // The 'answered' callback may be lost or late; the call's duration still says when it was answered.
        if (this.answeredAtMs === null && duration > 0) this.answeredAtMs = update.atMs - duration * 1000;
        if (this.answeredAtMs === null) return this.hungUpByCaller ? [] : [{ kind: 'failed', atMs, reason: 'the call ended before it was answered' }];
        this.verdict ??= 'human';
        const answer = this.reportAnswer().reports;
        if (this.verdict === 'fax') return answer;
        const endedBy = this.hungUpByCaller || duration >= this.timeLimitSeconds ? 'caller' : 'business';
        return [...answer, { kind: 'completed', atMs, endedBy }];
      }
      case 'busy':
        return [{ kind: 'busy', atMs }];
      case 'no-answer':
        return [{ kind: 'no_answer', atMs, rings: this.ringingAtMs === null ? 0 : ringsIn(update.atMs - this.ringingAtMs) }];
      case 'canceled':
        return this.hungUpByCaller ? [] : [{ kind: 'failed', atMs, reason: 'the call was canceled' }];
      default:
        return [{ kind: 'failed', atMs, reason: update.reason ?? 'the carrier could not connect it' }];
    }
  }

  private fromAgent(report: AgentReport): CallProgress {
    const answeredAt = this.at(this.answeredAtMs ?? this.originMs);
    switch (report.kind) {
      case 'transcript':
        return { kind: 'transcript', atMs: answeredAt + report.segment.endMs, segment: report.segment };
      case 'dtmf':
        return { kind: 'dtmf', atMs: answeredAt + report.atMs, digits: report.digits };
      case 'ivr_loop':
        return { kind: 'ivr_loop', atMs: answeredAt + report.atMs };
    }
  }

  private at(epochMs: number): number {
    return Math.max(0, Math.round(epochMs - this.originMs));
  }
}
