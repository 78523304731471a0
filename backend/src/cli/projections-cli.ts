import 'reflect-metadata';
import { allProjections, ProjectionRunner } from '@ringcheck/projections';
import { loadConfig } from '../infrastructure/config';
import { createEventStore } from '../infrastructure/event-store';
import { createReadStore } from '../infrastructure/read-store';
import { runningServerPid } from '../infrastructure/storage/server-pid-file';

const USAGE = `Usage: npm run projections -- <command>

Commands:
  status            each read model: version, collection, position applied, documents, lag
  rebuild <name>    replay the whole event log into a new collection of <name>, then switch to it
  list              the names of all projections`;

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'list') {
    for (const projection of allProjections) console.log(`${projection.name} (v${projection.version})`);
    return 0;
  }
  if (command !== 'status' && command !== 'rebuild') {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  }
  if (command === 'rebuild' && !allProjections.some((p) => p.name === name)) {
    console.error(`rebuild needs a projection name, one of: ${allProjections.map((p) => p.name).join(', ')}`);
    return 1;
  }

  const config = loadConfig();
  const serverPid = config.mongodbUri ? null : runningServerPid(config.dataDir);
  if (serverPid !== null) {
    console.error(
      `The server (pid ${serverPid}) is running on ${config.dataDir} and holds the embedded read models in memory. Stop it first.`,
    );
    return 1;
  }
  const events = await createEventStore({ eventStoreConnectionString: config.eventStoreConnectionString, dataDir: config.dataDir });
  const reads = await createReadStore({ mongodbUri: config.mongodbUri, mongodbDb: config.mongodbDb, dataDir: config.dataDir });
  const runner = new ProjectionRunner(events, reads, allProjections);
  try {
    if (command === 'status') {
      await runner.prepare();
      const head = await events.headPosition();
      console.log(`event store: ${events.adapterName}, read store: ${reads.adapterName}, head position: ${head}`);
      console.table(
        (await runner.status()).map((row) => ({ ...row, lag: Math.max(0, head - row.position) })),
      );
    } else {
      await runner.start();
      const started = Date.now();
      const result = await runner.rebuild(name!);
      console.log(
        `Rebuilt ${result.name} into ${result.collection}: ${result.documents} documents up to position ${result.position} in ${Date.now() - started} ms`,
      );
    }
    return 0;
  } finally {
    await runner.stop();
    await reads.close();
    await events.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
