import { pacedLatencies } from '../paced-http-client';

/**
 * The paced client in a process of its own, so its pauses are not the bench's: the bench process holds
 * the history it seeded (20,000 calls), and its garbage collection stalled the client mid-run. Reads
 * PACED_URL, PACED_HEADERS (JSON), PACED_RATE and PACED_SECONDS; prints `{ latencies }`.
 */
async function main(): Promise<void> {
  const { PACED_URL, PACED_HEADERS, PACED_RATE, PACED_SECONDS } = process.env;
  if (!PACED_URL || !PACED_HEADERS || !PACED_RATE || !PACED_SECONDS) throw new Error('PACED_URL, PACED_HEADERS, PACED_RATE and PACED_SECONDS are needed');
  const latencies = await pacedLatencies(PACED_URL, JSON.parse(PACED_HEADERS) as Record<string, string>, Number(PACED_RATE), Number(PACED_SECONDS));
  const line = `${JSON.stringify({ latencies: latencies.map((ms) => Math.round(ms * 100) / 100) })}\n`;
  // Exiting before a pipe has taken the whole line would cut it.
  await new Promise<void>((resolve) => process.stdout.write(line, () => resolve()));
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
