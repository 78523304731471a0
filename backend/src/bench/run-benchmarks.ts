import 'reflect-metadata';
import { cpus } from 'node:os';
import { benchAnalyticsIngestion } from './analytics-ingestion.bench';
import { benchConcurrentCalls, benchStartToRinging } from './calls.bench';
import { benchConversionRebuild } from './conversion-rebuild.bench';
import { benchDirectory } from './directory.bench';
import { benchDiscovery } from './discovery.bench';
import { benchEventStore } from './event-store.bench';
import { benchRealtime } from './realtime.bench';
import { benchRealtimeBridge } from './realtime-bridge.bench';
import { benchReplay } from './replay.bench';

/** `npm run bench`: prints every performance figure; `npm run bench -- replay` runs one group. */
const groups: Record<string, () => Promise<void>> = {
  'event-store': benchEventStore,
  replay: () => benchReplay(),
  realtime: () => benchRealtime(),
  directory: benchDirectory,
  discovery: () => benchDiscovery(),
  calls: () => benchConcurrentCalls(),
  ringing: () => benchStartToRinging(),
  bridge: () => benchRealtimeBridge(),
  analytics: async () => {
    await benchAnalyticsIngestion();
    await benchConversionRebuild();
  },
};

async function main(selected: string[]): Promise<void> {
  const names = selected.length > 0 ? selected : Object.keys(groups);
  console.log(`Ringcheck benchmarks on ${cpus().length} cores, Node ${process.version}\n`);
  for (const name of names) {
    const group = groups[name];
    if (!group) throw new Error(`Unknown benchmark group: ${name} (have: ${Object.keys(groups).join(', ')})`);
    await group();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
