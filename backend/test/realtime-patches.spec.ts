import type { Socket } from 'socket.io-client';
import { applyPatch, connect } from './socket-client';
import { type TestApp, newVisitor, signUpIn, startTestApp, urlOf } from './test-app';

const FAST = { SANDBOX_TIME_SCALE: '0.01', SANDBOX_RECORDING_SPEECH: 'off', RATE_LIMIT_PER_MINUTE: '100000' };

type Doc = Record<string, unknown>;
interface Update {
  room: string;
  position: number;
  documentId: string;
  document?: Doc | null;
  patch?: { since: number; set?: Doc; unset?: string[]; append?: Record<string, unknown[]> };
}

/** Every update a socket receives until the call's document says it is analysed (or failed). */
function updatesUntilSettled(socket: Socket, whole: (updates: Update[]) => Doc | null): Promise<Update[]> {
  const updates: Update[] = [];
  return new Promise((resolve) => {
    socket.on('update', (update: Update) => {
      updates.push(update);
      const doc = whole(updates);
      if (doc && ((doc.status === 'completed' && doc.analysis) || doc.status === 'failed')) resolve(updates);
    });
  });
}

/** The document a patch subscriber holds after its updates: the first in full, then each patch on it. */
function rebuilt(updates: readonly Update[]): Doc | null {
  let doc: Doc | null = null;
  let position = -1;
  for (const update of updates) {
    if (update.patch) {
      if (!doc || position < update.patch.since) throw new Error(`a patch since ${update.patch.since} reached a client at ${position}`);
      doc = applyPatch(doc, update.patch);
    } else doc = update.document ?? null;
    position = update.position;
  }
  return doc;
}

const last = (updates: readonly Update[]) => updates[updates.length - 1]?.document ?? null;

describe('realtime patches', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(FAST);
    url = await urlOf(t.app);
  });
  afterAll(() => t.close());

  it('pushes a live call to a subscriber that asks for patches in full once, then as what changed, adding up to the same call', async () => {
    const browser = await newVisitor(t.app);
    const { token } = await signUpIn(browser, { email: 'patches-owner@example.com' });
    const call = await browser.post('/api/call-management/mock-test-call/').set('Authorization', `Bearer ${token}`);
    const room = `call:${call.body.id}`;
    const patching = await connect(url, { visitor: browser, token });
    const plain = await connect(url, { visitor: browser, token });
    try {
      const patched = updatesUntilSettled(patching, rebuilt);
      const whole = updatesUntilSettled(plain, last);
      expect(await patching.emitWithAck('subscribe', { room, lastPosition: 0, patches: true })).toMatchObject({ ok: true });
      expect(await plain.emitWithAck('subscribe', { room, lastPosition: 0 })).toMatchObject({ ok: true });
      const [withPatches, inFull] = await Promise.all([patched, whole]);

      expect(withPatches[0].document).toMatchObject({ access: 'full' });
      expect(withPatches.filter((update) => update.patch).length).toBeGreaterThan(3);
      expect(inFull.every((update) => update.document && !update.patch)).toBe(true);
      // At every position both received, the patched call is the call in full.
      const fullAt = new Map(inFull.map((update) => [update.position, update.document]));
      for (let index = 1; index <= withPatches.length; index++) {
        const at = withPatches[index - 1].position;
        if (fullAt.has(at)) expect(rebuilt(withPatches.slice(0, index))).toEqual(fullAt.get(at));
      }
      expect(rebuilt(withPatches)).toEqual(last(inFull));
      const bytes = (updates: Update[]) => updates.reduce((sum, update) => sum + JSON.stringify(update).length, 0);
      expect(bytes(withPatches)).toBeLessThan(bytes(inFull) / 2);
    } finally {
      patching.close();
      plain.close();
    }
  });

  it('patches the preview for everyone else, with nothing the preview hides and no push where it did not change', async () => {
    const owner = await newVisitor(t.app);
    const call = await owner.post('/api/call-management/mock-test-call/');
    const stranger = await newVisitor(t.app);
    const socket = await connect(url, { visitor: stranger });
    try {
      const settled = updatesUntilSettled(socket, rebuilt);
      await socket.emitWithAck('subscribe', { room: `call:${call.body.id}`, lastPosition: 0, patches: true });
      const updates = await settled;
      expect(updates[0].document).toMatchObject({ access: 'preview' });
      for (const update of updates.slice(1)) {
        expect(update.patch).toBeDefined();
        const fields = [
          ...Object.keys(update.patch!.set ?? {}),
          ...Object.keys(update.patch!.append ?? {}),
          ...(update.patch!.unset ?? []),
        ];
        expect(fields.length).toBeGreaterThan(0);
        expect(fields).not.toContain('transcript');
        expect(fields).not.toContain('ring_count');
      }
      expect(rebuilt(updates)).toMatchObject({ access: 'preview', phase: 'done' });
      expect(rebuilt(updates)).not.toHaveProperty('transcript');
    } finally {
      socket.close();
    }
  });
});
