import { emmettPeer, loadEmmett } from '../emmett-peer';
import { FULL, measure, type Measured, QUICK } from '../event-store-workloads';

/** What the peer's process reports: not installed, or its version and figures. */
export type PeerOutcome = { installed: false } | { installed: true; version: string; measured: Measured };

/**
 * Runs the event store bench's workloads on the peer (@event-driven-io/emmett-sqlite) in a folder DATA_DIR,
 * in a process of its own: an error the peer's driver emits outside any call cannot take the bench down.
 * QUICK=1 runs the small sizes. Prints one JSON line, a PeerOutcome.
 */
async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR must name an empty folder for the peer');
  const emmett = await loadEmmett();
  if (!emmett) return console.log(JSON.stringify({ installed: false } satisfies PeerOutcome));
  const contender = emmettPeer(emmett.module, dataDir);
  try {
    const measured = await measure(contender, process.env.QUICK === '1' ? QUICK : FULL, true);
    console.log(JSON.stringify({ installed: true, version: emmett.version, measured } satisfies PeerOutcome));
  } finally {
    await contender.close();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
