import type { Logger } from 'pino';

/**
 * Writes the one start-up line that names the adapter behind every port, e.g.
 * `Ringcheck started: eventStore=sqlite, readStore=memory, telephony=sandbox`.
 *
 * It is information, not a warning, so it is written at level info through a child logger whose own
 * level is info: the line shows under the default 'warn' (and 'error') while keeping an honest level.
 * Only LOG_LEVEL=silent hides it.
 */
export function logStartup(logger: Logger, ports: Record<string, string>, details: Record<string, unknown> = {}): void {
  if (logger.level === 'silent') return;
  const summary = Object.entries(ports)
    .map(([port, adapter]) => `${port}=${adapter}`)
    .join(', ');
  const startup = logger.isLevelEnabled('info') ? logger : logger.child({}, { level: 'info' });
  startup.info({ ...details, ports }, `Ringcheck started: ${summary}`);
}
