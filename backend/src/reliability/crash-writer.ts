/**
 * A writer process for the crash-recovery test: appends analytics events as fast as it can while the
 * projection runner keeps the read models current, printing one line per acknowledged append.
 * Before each append it records its intent; after a restart it first re-sends that batch with the same
 * event ids (as a client retrying after a lost answer would), which must not duplicate anything.
 *
 * Usage: node crash-writer.js <dataDir> <seed>
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allProjections, type NewEvent, newEvent, ProjectionRunner } from '@ringcheck/projections';
import { SqliteEventStore } from '../infrastructure/event-store';
import { EmbeddedReadStore } from '../infrastructure/read-store';

interface Intent {
  streamId: string;
  events: NewEvent[];
}

function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

function eventFor(next: () => number, subject: string): NewEvent {
  const visitor = next() < 0.3;
  const metadata = { correlationId: randomUUID(), actor: subject, occurredAt: new Date().toISOString() };
  if (visitor) {
    const visit = {
      anonId: subject,
      fingerprintHash: subject.padEnd(64, '0').slice(0, 64),
      screenResolution: '1280x800',
      timezone: 'UTC',
      language: 'en',
      referrer: null,
      gdprConsent: null,
      userAgent: null,
    };
    return newEvent({ id: randomUUID(), type: 'VisitorTracked', data: visit }, metadata);
  }
  const tracked = {
    subjectId: subject,
    eventType: 'track',
    eventName: `event-${Math.floor(next() * 7)}`,
    eventData: {},
    url: null,
    clientTimestamp: null,
  };
  return newEvent({ id: randomUUID(), type: 'AnalyticsEventTracked', data: tracked }, metadata);
}

async function main(): Promise<void> {
  const [dataDir, seedText] = process.argv.slice(2);
  const next = random(Number(seedText));
  const events = SqliteEventStore.open(dataDir);
  const reads = await EmbeddedReadStore.open(dataDir);
  const runner = new ProjectionRunner(events, reads, allProjections);
  await runner.start();
  const intentPath = join(dataDir, 'writer-intent.json');
  const ack = (intent: Intent, position: number) =>
    process.stdout.write(`${JSON.stringify({ streamId: intent.streamId, ids: intent.events.map((e) => e.id), position })}\n`);

  if (existsSync(intentPath)) {
    const intent = JSON.parse(readFileSync(intentPath, 'utf8')) as Intent;
    const result = await events.appendToStream(intent.streamId, intent.events);
    ack(intent, result.position);
    rmSync(intentPath);
  }
  process.stdout.write('ready\n');
  for (;;) {
    const subject = `anon_00000000-0000-4000-8000-${String(Math.floor(next() * 12)).padStart(12, '0')}`;
    const streamId = `analytics-${subject}`;
    const count = 1 + Math.floor(next() * 5);
    const intent: Intent = { streamId, events: Array.from({ length: count }, () => eventFor(next, subject)) };
    // Written aside then renamed, so a kill never leaves a torn intent behind.
    writeFileSync(`${intentPath}.tmp`, JSON.stringify(intent));
    renameSync(`${intentPath}.tmp`, intentPath);
    const result = await events.appendToStream(streamId, intent.events);
    ack(intent, result.position);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
