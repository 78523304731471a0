import { nextTurn } from './next-turn';

/** How much a rebuild reads (events) and writes (documents) in one turn of the event loop. */
export interface RebuildSlice {
  events: number;
  documents: number;
}

/** A rebuild's slice with no one to give way to: 1,000 events read a page, 100 documents written a transaction. */
export const FULL_SLICE: RebuildSlice = { events: 1000, documents: 100 };

/** A yield that came back later than this found other work waiting (a request, a socket, a timer). */
const BUSY_AFTER_MS = 0.5;
/**
 * Quiet yields in a row after which the slice doubles: about 0.1 s of small turns with nothing else waiting.
 * With 8, a rebuild beside 200 requests a second still grew now and then, and held requests up to twice
 * as long at p50.
 */
export const QUIET_TURNS_TO_GROW = 32;


/**
 * Paces a rebuild that runs on the event loop: it works a slice at a time and yields between slices. While
 * nothing else waits for the loop the slice doubles, up to `most`; as soon as something did (the yield came
 * back late), it drops to `least`, so a request waits for one small slice at most. A rebuild on an idle
 * server then runs at the speed of large slices, and one beside traffic in small ones.
 */
export class RebuildPacer {
  private current: RebuildSlice;
  private quietTurns = 0;

  constructor(
    private readonly least: RebuildSlice,
    private readonly most: RebuildSlice,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.current = { ...least };
  }

  /** The slice to work now. */
  get slice(): RebuildSlice {
    return this.current;
  }

  /** Yields to whatever waits for the event loop, then sizes the next slice by whether anything did. */
  async turn(): Promise<void> {
    const asked = this.now();
    await nextTurn();
    this.sized(this.now() - asked);
  }

  /** Sizes the next slice after a yield that took `waitedMs`. */
  sized(waitedMs: number): void {
    if (waitedMs > BUSY_AFTER_MS) {
      this.current = { ...this.least };
      this.quietTurns = 0;
      return;
    }
    if (++this.quietTurns < QUIET_TURNS_TO_GROW) return;
    this.quietTurns = 0;
    this.current = {
      events: Math.min(this.most.events, this.current.events * 2),
      documents: Math.min(this.most.documents, this.current.documents * 2),
    };
  }
}

/** A pacer that never changes its slice: a rebuild with no one to give way to (nothing served beside it). */
export function steadyPacer(slice: RebuildSlice): RebuildPacer {
  return new RebuildPacer(slice, slice);
}
