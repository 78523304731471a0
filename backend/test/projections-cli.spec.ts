import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteEventStore } from '../src/infrastructure/event-store';
import { isolatedEnv } from './isolated-env';

const run = promisify(execFile);
const cli = join(__dirname, '../dist/cli/projections-cli.js');

describe('projections command line', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-cli-'));
    const store = SqliteEventStore.open(dir);
    await store.appendToStream('feature-flag-demo', [
      {
        id: '0b6c9f3e-1234-4abc-8def-0123456789ab',
        type: 'FeatureFlagDefined',
        data: { flagId: 'flag_x', name: 'demo', enabled: true, config: {} },
        metadata: { correlationId: 'test', occurredAt: new Date().toISOString(), schemaVersion: 1 },
      },
    ]);
    await store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cliEnv = () => isolatedEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' });

  it('shows every read model with its position and lag', async () => {
    const { stdout } = await run(process.execPath, [cli, 'status'], { env: cliEnv() });
    expect(stdout).toMatch(/head position: 1/);
    expect(stdout).toMatch(/feature_flags_v1/);
    expect(stdout).toMatch(/'calls'/);
  });

  it('rebuilds one read model into a new collection', async () => {
    const { stdout } = await run(process.execPath, [cli, 'rebuild', 'feature_flags'], { env: cliEnv() });
    expect(stdout).toMatch(/Rebuilt feature_flags into feature_flags_v1_g\d+: 1 documents up to position 1/);
  });

  it('refuses an unknown command or projection with a usage message', async () => {
    await expect(run(process.execPath, [cli, 'rebuild', 'nope'], { env: cliEnv() })).rejects.toMatchObject({ stderr: expect.stringMatching(/one of: /) });
    await expect(run(process.execPath, [cli, 'frobnicate'], { env: cliEnv() })).rejects.toMatchObject({ stderr: expect.stringMatching(/Unknown command/) });
  });
});
