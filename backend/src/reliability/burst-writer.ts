/**
 * A writer process for the group-commit crash test: 64 writers append at once, each one event at a time
 * to its own stream with the expected revision, so every group the store commits holds many appends.
 * Before an append it prints `{"start": ...}` with the append's ids; when the append resolves it prints
 * `{"ack": ...}`. The test kills it with SIGKILL in the middle of the burst.
 *
 * Usage: node burst-writer.js <dataDir> <seed>
 */
import { randomUUID } from 'node:crypto';
import { newEvent } from '@ringcheck/projections';
import { SqliteEventStore } from '../infrastructure/event-store';

const WRITERS = 64;

async function main(): Promise<void> {
  const [dataDir, seed] = process.argv.slice(2);
  const events = SqliteEventStore.open(dataDir);
  const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
  process.stdout.write('ready\n');
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      const streamId = `burst-${seed}-${writer}`;
      for (let revision = -1; ; revision++) {
        // One or two events an append: a torn append of two would show as one of its ids alone.
        const batch = Array.from({ length: 1 + (revision & 1) }, () =>
          newEvent({ id: randomUUID(), type: 'BurstWritten', data: { writer, revision } }, { correlationId: seed, actor: 'system', occurredAt: new Date().toISOString() }),
        );
        const ids = batch.map((event) => event.id);
        say({ start: { streamId, ids } });
        const result = await events.appendToStream(streamId, batch, { expectedRevision: revision < 0 ? 'no_stream' : revision });
        revision = result.nextExpectedRevision - 1;
        say({ ack: { streamId, ids, position: result.position } });
      }
    }),
  );
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
