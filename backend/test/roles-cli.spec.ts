import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { newEvent, type UserSignedUpData } from '@ringcheck/projections';
import { emailReservationStream } from '../src/identity/domain/email-address';
import { SqliteEventStore } from '../src/infrastructure/event-store';
import { isolatedEnv } from './isolated-env';

const run = promisify(execFile);
const cli = join(__dirname, '../dist/cli/roles-cli.js');
const metadata = () => ({ correlationId: 'test', actor: 'test', occurredAt: new Date().toISOString() });

const dana = 'user_0b6c9f3e-1234-4abc-8def-000000000001';
const gone = 'user_0b6c9f3e-1234-4abc-8def-000000000002';

async function account(store: SqliteEventStore, userId: string, email: string, deleted = false): Promise<void> {
  const profile: UserSignedUpData = { userId, email, emailNormalized: email, passwordHash: null, firstName: 'Dana', lastName: null, provider: 'embedded', externalSubject: null };
  await store.appendToStream(emailReservationStream(email), [newEvent({ id: randomUUID(), type: 'EmailReserved', data: { userId, reservedAt: metadata().occurredAt } }, metadata())]);
  await store.appendToStream(`user-${userId}`, [
    newEvent({ id: randomUUID(), type: 'UserSignedUp', data: profile }, metadata()),
    ...(deleted ? [newEvent({ id: randomUUID(), type: 'UserDeleted', data: { userId } }, metadata())] : []),
  ]);
}

describe('roles command line', () => {
  let dir: string;
  const roles = (...args: string[]) => run(process.execPath, [cli, ...args], { env: isolatedEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', USER: 'ops-shell' }) });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ringcheck-roles-cli-'));
    const store = SqliteEventStore.open(dir);
    await account(store, dana, 'dana@example.com');
    await account(store, gone, 'gone@example.com', true);
    await store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('grants a role by e-mail, recorded on the user’s stream with the operator as actor', async () => {
    const { stdout } = await roles('grant', 'Dana@Example.com', 'analyst', '--reason', 'quarterly review');
    expect(stdout).toContain(`${dana} is now an analyst`);
    expect(stdout).toContain(`${dana} <dana@example.com>: analyst`);
    const store = SqliteEventStore.open(dir);
    const [granted] = (await store.readStream(`user-${dana}`)).filter((event) => event.type === 'UserRoleGranted');
    await store.close();
    expect(granted).toMatchObject({ data: { userId: dana, role: 'analyst', grantedBy: 'ops-shell', reason: 'quarterly review' }, metadata: { actor: 'operator:ops-shell' } });
  });

  it('says so when the user already holds the role, and records nothing', async () => {
    expect((await roles('grant', dana, 'analyst', '--by', 'lee')).stdout).toContain('already had the analyst role: nothing recorded');
  });

  it('lists one user’s roles, or every user holding one', async () => {
    expect((await roles('list', dana)).stdout).toContain(`${dana} <dana@example.com>: analyst`);
    expect((await roles('list')).stdout.trim()).toBe(`${dana} <dana@example.com>: analyst`);
  });

  it('revokes a role, after which nobody holds one', async () => {
    expect((await roles('revoke', 'dana@example.com', 'analyst', '--by', 'lee')).stdout).toContain(`${dana} is no longer an analyst`);
    expect((await roles('revoke', 'dana@example.com', 'analyst')).stdout).toContain('did not have the analyst role');
    expect((await roles('list')).stdout.trim()).toBe('No user holds a role.');
  });

  it('refuses an unknown role, an unknown account, a deleted one and a bad command, with a message', async () => {
    await expect(roles('grant', dana, 'admin')).rejects.toMatchObject({ stderr: expect.stringContaining('Unknown role "admin": roles are analyst') });
    await expect(roles('grant', 'nobody@example.com', 'analyst')).rejects.toMatchObject({ stderr: expect.stringContaining('No account found for nobody@example.com') });
    await expect(roles('grant', gone, 'analyst')).rejects.toMatchObject({ stderr: expect.stringContaining('This account has been deleted') });
    await expect(roles('grant', dana)).rejects.toMatchObject({ stderr: expect.stringContaining('Usage: npm run roles') });
  });
});
