import 'reflect-metadata';
import { userInfo } from 'node:os';
import {
  allProjections,
  checkpointOf,
  type EventStore,
  ProjectionRunner,
  READ_MODELS_STREAM,
  type ReadStore,
  rebuildRequest,
} from '@ringcheck/projections';
import { loadConfig } from '../infrastructure/config';
import { createEventStore } from '../infrastructure/event-store';
import { createReadStore } from '../infrastructure/read-store';
import { runningServerPid } from '../infrastructure/storage/server-pid-file';

const USAGE = `Usage: npm run projections -- <command>

Commands:
  status            each read model: version, collection, position applied, documents, lag
  rebuild <name>    replay <name>'s events into a new collection, then switch to it; with the server
                    running, the server rebuilds it beside the live one while it keeps serving
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
  const serverPid = runningServerPid(config.dataDir);
  const events = await createEventStore(config);
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
    } else if (serverPid !== null) {
      await requestRebuild(events, reads, name!, serverPid);
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

/** Asks the running server to rebuild, then waits until it switched readers to the new collection. */
async function requestRebuild(events: EventStore, reads: ReadStore, name: string, serverPid: number): Promise<void> {
  const before = (await checkpointOf(reads, name))?.collection;
  const started = Date.now();
  await events.appendToStream(READ_MODELS_STREAM, [rebuildRequest(name, `cli:${userInfo().username}`)]);
  console.log(`Asked the server (pid ${serverPid}) to rebuild ${name} beside the live read model; it keeps serving meanwhile.`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await checkpointOf(reads, name);
    if (now && now.collection !== before) {
      const documents = await reads.collection(now.collection).countDocuments({});
      console.log(`Rebuilt ${name} into ${now.collection}: ${documents} documents up to position ${now.position} in ${Date.now() - started} ms`);
      return;
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
