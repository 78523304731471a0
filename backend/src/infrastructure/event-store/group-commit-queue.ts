import type { AppendOutcome, GroupReply, PreparedAppend } from './group-commit-protocol';

/** A group holds at most this many appends... */
const GROUP_APPENDS_MAX = 1000;
/** ...and at most this much event text (an append larger than this goes alone). */
const GROUP_CHARS_MAX = 4 * 1024 * 1024;

interface Queued {
  append: PreparedAppend;
  chars: number;
  resolve: (outcome: AppendOutcome) => void;
  reject: (error: unknown) => void;
}

function charsOf(append: PreparedAppend): number {
  let chars = 0;
  for (const event of append.events) chars += event.data.length + event.metadata.length + event.id.length + event.type.length;
  return chars;
}

/**
 * Group commit: an append that finds the writer idle leaves at once, with the appends made in the same
 * task, as one group: one transaction and one sync. While a group is being committed the next one fills
 * with every append that arrives meanwhile; it leaves as soon as the writer answers. Each append's
 * promise settles only after its group's commit. Waiting for the end of the event-loop turn instead
 * (setImmediate) added what the turn still had to do to every lone append's latency: 10-23 ms at p90-p99
 * while the server pushed live updates to 300 sockets.
 */
export class GroupCommitQueue {
  private waiting: Queued[] = [];
  private scheduled = false;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly commitGroup: (appends: PreparedAppend[]) => Promise<GroupReply>,
    private readonly onCommitted: () => void,
  ) {}

  /** The append's outcome, or a rejection when the writer could not answer for its group. */
  enqueue(append: PreparedAppend): Promise<AppendOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ append, chars: charsOf(append), resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once every append queued so far has its outcome. */
  async drain(): Promise<void> {
    while (this.flushing || this.scheduled || this.waiting.length > 0) {
      await (this.flushing ?? new Promise((resolve) => setImmediate(resolve)));
    }
  }

  private schedule(): void {
    if (this.scheduled || this.flushing || this.waiting.length === 0) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const group = this.takeGroup();
    let reply: GroupReply;
    try {
      reply = await this.commitGroup(group.map((queued) => queued.append));
    } catch (error) {
      for (const queued of group) queued.reject(error);
      return;
    }
    if ('groupFailure' in reply) {
      for (const queued of group) queued.resolve({ ok: false, failure: reply.groupFailure });
      return;
    }
    if (reply.outcomes.some((outcome) => outcome.ok)) this.onCommitted();
    group.forEach((queued, index) => queued.resolve(reply.outcomes[index]!));
  }

  private takeGroup(): Queued[] {
    let count = 0;
    let chars = 0;
    while (count < this.waiting.length && count < GROUP_APPENDS_MAX) {
      const next = this.waiting[count]!;
      if (count > 0 && chars + next.chars > GROUP_CHARS_MAX) break;
      chars += next.chars;
      count += 1;
    }
    return this.waiting.splice(0, count);
  }
}
