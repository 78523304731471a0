import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../infrastructure/config';
import { ApiException } from '../../infrastructure/http';
import { OneAtATime, type SerializerFactory } from '../../infrastructure/limits';
import { SharedOneAtATime } from '../../infrastructure/limits/shared-one-at-a-time';
import type { CallTarget } from '../commands/call-target';
import type { TelephonyProvider } from '../ports/telephony';
import type { CallReadModels } from '../queries/call-read-models';
import { DialingGate } from './dialing-gate';

const OUR_NUMBER = '+13125550262';

/** The calls read model, as far as the gate reads it: calls to a number and when they were created. */
class RecordedCalls {
  readonly calls: Array<{ toNumber: string; createdAt: string }> = [];

  async createdTo(toNumber: string, since: string, limit: number): Promise<string[]> {
    return this.calls
      .filter((call) => call.toNumber === toNumber && call.createdAt > since)
      .map((call) => call.createdAt)
      .sort()
      .reverse()
      .slice(0, limit);
  }
}

const inProcess: SerializerFactory = () => new OneAtATime();

function gate(adapterName: string, perBusinessPerDay = 3, serializers = inProcess, recorded = new RecordedCalls()) {
  const config = { dialingAllowedCountryCodes: ['1'], callsPerBusinessPerDay: perBusinessPerDay, twilioFromNumber: OUR_NUMBER } as unknown as AppConfig;
  const subject = new DialingGate({ adapterName } as TelephonyProvider, config, recorded as unknown as CallReadModels, serializers);
  const started: CallTarget[] = [];
  const start = async (target: CallTarget) => {
    // The read model has the call once start resolves, as the controller's start waits for it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    recorded.calls.push({ toNumber: target.toNumber, createdAt: new Date().toISOString() });
    started.push(target);
    return target.toNumber;
  };
  return { subject, recorded, started, start };
}

const target = (toNumber: string): CallTarget => ({ businessName: 'Harbor Dental', toNumber, business: null, discoveryId: null, placeSearchResultId: null });

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiException)) throw new Error(`expected an ApiException, got ${String(error)}`);
  return { status: error.getStatus(), body: error.body, headers: error.headers };
}

describe('DialingGate', () => {
  it('leaves sandbox calls alone: fictional numbers, no daily cap', async () => {
    const { subject, start, started } = gate('sandbox', 1);
    for (let i = 0; i < 3; i++) await subject.admit(target('+12125550142'), 'to_number', start);
    expect(started).toHaveLength(3);
  });

  it.each([
    ['911', 'emergency_or_service_number'],
    ['+1 900 234 5678', 'premium_rate'],
    ['+12125550142', 'fictional_number'],
    [OUR_NUMBER, 'own_number'],
    ['+44 20 7946 0123', 'country_not_allowed'],
  ])('refuses a real call to %p with 422 naming the field, starting nothing', async (number, reason) => {
    const { subject, start, started } = gate('twilio');
    const answer = await refusal(subject.admit(target(number), 'phone_number', start));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: 'number_not_dialable', reason, fields: { phone_number: [answer.body.user_message] } });
    expect(answer.body.detail).toBe(`phone_number: ${answer.body.user_message}`);
    expect(started).toEqual([]);
  });

  it('starts a real call with the number in E.164', async () => {
    const { subject, start, started } = gate('twilio');
    expect(await subject.admit(target('(212) 555-0234'), 'phone_number', start)).toBe('+12125550234');
    expect(started).toEqual([target('+12125550234')]);
  });

  it('calls one business at most the daily cap of times, across callers, however the number is written', async () => {
    const { subject, start, started } = gate('twilio', 3);
    await subject.admit(target('+12125550234'), 'to_number', start);
    await subject.admit(target('(212) 555-0234'), 'to_number', start);
    await subject.admit(target('1-212-555-0234'), 'to_number', start);
    const answer = await refusal(subject.admit(target('212.555.0234'), 'to_number', start));
    expect(answer).toEqual({
      status: 429,
      headers: { 'Retry-After': String(24 * 3600) },
      body: {
        error: 'business_called_too_often',
        detail: 'This number has had 3 calls in the last 24 hours, the most one business is called per day.',
        user_message: 'This business has already been called 3 times today. Try again tomorrow.',
      },
    });
    expect(started).toHaveLength(3);
    // Another business is not affected.
    await subject.admit(target('+12125550235'), 'to_number', start);
    expect(started).toHaveLength(4);
  });

  it('counts only the last 24 hours, and says when the oldest counted call leaves them', async () => {
    const { subject, start, recorded } = gate('twilio', 2);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();
    recorded.calls.push({ toNumber: '+12125550234', createdAt: hoursAgo(30) }, { toNumber: '+12125550234', createdAt: hoursAgo(20) });
    await subject.admit(target('+12125550234'), 'to_number', start);
    const answer = await refusal(subject.admit(target('+12125550234'), 'to_number', start));
    expect(Number(answer.headers?.['Retry-After'])).toBeCloseTo(4 * 3600, -1);
    expect(answer.body.user_message).toBe('This business has already been called 2 times today. Try again tomorrow.');
  });

  it('admits simultaneous calls to one number one at a time, so the cap holds', async () => {
    const { subject, start, started } = gate('twilio', 1);
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => subject.admit(target('+12125550234'), 'to_number', start)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(started).toHaveLength(1);
    const once = await refusal(subject.admit(target('+12125550234'), 'to_number', start));
    expect(once.body.user_message).toBe('This business has already been called once today. Try again tomorrow.');
  });
});

const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)('DialingGate on several nodes sharing Redis', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });

  /** A node: its own Redis connection and gate, over the read model every node shares. */
  async function node(recorded: RecordedCalls, namespace: string) {
    const client = new Redis(redisUrl!, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    await client.connect();
    clients.push(client);
    return gate('twilio', 2, () => new SharedOneAtATime(client, namespace), recorded);
  }

  it('admits simultaneous calls to one number on three nodes one at a time, so the cap holds across them', async () => {
    const recorded = new RecordedCalls();
    const namespace = `dialing-${randomUUID()}`;
    const nodes = [await node(recorded, namespace), await node(recorded, namespace), await node(recorded, namespace)];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 9 }, (_, index) => nodes[index % 3]!.subject.admit(target('+12125550234'), 'to_number', nodes[index % 3]!.start)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    expect(recorded.calls).toHaveLength(2);
  });

  it('keeps each node to its own turns while Redis is unreachable', async () => {
    const client = new Redis('redis://127.0.0.1:9', { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => undefined);
    await client.connect().catch(() => undefined);
    const { subject, start, started } = gate('twilio', 1, () => new SharedOneAtATime(client, 'dialing'));
    const outcomes = await Promise.allSettled([1, 2].map(() => subject.admit(target('+12125550234'), 'to_number', start)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(started).toHaveLength(1);
    client.disconnect();
  });
});
