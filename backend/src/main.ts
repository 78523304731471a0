import 'reflect-metadata';
import { createApp, portAdapters } from './app.factory';
import { ConfigError, loadConfig } from './infrastructure/config';
import { createLogger, logStartup } from './infrastructure/logging';
import { removeServerPid, writeServerPid } from './infrastructure/storage/server-pid-file';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  const app = await createApp(config, logger);
  await app.listen(config.port, config.host);
  writeServerPid(config.dataDir);
  process.on('exit', () => removeServerPid(config.dataDir));
  logStartup(logger, portAdapters(app), { url: await app.getUrl(), dataDir: config.dataDir });
}

main().catch((error: Error) => {
  console.error(`Ringcheck could not start: ${error.message}`);
  process.exit(1);
});
