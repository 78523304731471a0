// Three nodes behind nginx on shared engines; one node dies half-way through 200 calls.
// Needs the engines CI starts (PostgreSQL and Redis, and FerretDB built: MONGODB_URI) and nginx; skipped
// without them. The cluster gets a FerretDB of its own, on PostgreSQL.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startCluster } from '../scripts/cluster/cluster.mjs';

const require = createRequire(import.meta.url);
const { POSTGRES_URL, MONGODB_URI, REDIS_URL } = process.env;
const hasNginx = (() => {
  try {
    require('node:child_process').execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const missing = [!POSTGRES_URL && 'POSTGRES_URL', !MONGODB_URI && 'MONGODB_URI', !REDIS_URL && 'REDIS_URL', !hasNginx && 'nginx'].filter(Boolean);

// 50 clients with 4 calls each; CLUSTER_CLIENTS and CLUSTER_CALLS_PER_CLIENT change that.
const CLIENTS = Number(process.env.CLUSTER_CLIENTS ?? 50);
const CALLS_PER_CLIENT = Number(process.env.CLUSTER_CALLS_PER_CLIENT ?? 4);
const SEARCHES_PER_MINUTE = 20;
const FINAL = new Set(['completed', 'failed', 'canceled']);

/** A browser-like client of the cluster: its own cookies, requests through nginx, one socket. */
class Client {
  cookies = new Map();
  /** Per room: the updates received, in order: position and the state they carried. */
  updates = new Map();
  last = new Map();

  constructor(url) {
    this.url = url;
  }

  get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method, path, body) {
    const response = await fetch(this.url + path, {
      method,
      headers: {
        cookie: this.cookieHeader,
        ...(this.cookies.has('csrftoken') ? { 'x-csrftoken': this.cookies.get('csrftoken') } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const json = response.headers.get('content-type')?.includes('json');
    return { status: response.status, body: json ? await response.json() : await response.text() };
  }

  /**
   * Half the clients connect as the web app does (long polling, then an upgrade), kept on one node by
   * nginx's rc_node cookie in socket.io's own cookie jar. The others open a WebSocket on the node a first
   * polling request was given, so the test knows which node each of those is on.
   */
  async connect(io, websocketOnly) {
    if (websocketOnly) {
      await this.request('GET', '/socket.io/?EIO=4&transport=polling');
      this.node = this.cookies.get('rc_node');
    }
    this.socket = io(this.url, {
      path: '/socket.io',
      withCredentials: true,
      extraHeaders: { cookie: this.cookieHeader },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      ...(websocketOnly ? { transports: ['websocket'] } : {}),
    });
    this.socket.on('update', (message) => {
      const seen = this.updates.get(message.room) ?? [];
      seen.push({ position: message.position, state: JSON.stringify(message.document) });
      this.updates.set(message.room, seen);
      this.last.set(message.room, Math.max(this.last.get(message.room) ?? 0, message.position));
    });
    // As the web app does: on every (re)connection, follow each room again from the last position seen.
    this.socket.on('connect', () => {
      for (const room of this.updates.keys()) void this.socket.emitWithAck('subscribe', { room, lastPosition: this.last.get(room) ?? 0 });
    });
    await new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('connect_error', reject);
    });
  }

  async follow(callId) {
    const room = `call:${callId}`;
    if (!this.updates.has(room)) this.updates.set(room, []);
    const answer = await this.socket.emitWithAck('subscribe', { room, lastPosition: this.last.get(room) ?? 0 });
    assert.equal(answer.ok, true, `subscribing to ${room}: ${JSON.stringify(answer)}`);
  }
}

async function eventually(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('three nodes behind nginx lose no call, no event and no update when the one running the projections is killed', { skip: missing.length > 0 && `needs ${missing.join(', ')}`, timeout: 170_000 }, async (t) => {
  const { io } = require('socket.io-client');
  const { MongoClient } = require('mongodb');
  const { Client: PgClient } = require('pg');
  const { ProjectionRunner, allProjections, storedCheckpoints, withoutBookkeeping } = require('@ringcheck/projections');
  const { PostgresEventStore } = require('../backend/dist/infrastructure/event-store/postgres-event-store.js');
  const { EmbeddedReadStore } = require('../backend/dist/infrastructure/read-store/index.js');

  const began = Date.now();
  const phase = (what) => console.log(`# ${((Date.now() - began) / 1000).toFixed(1)} s: ${what}`);
  const run = `rc_cluster_${process.pid}_${Date.now().toString(36)}`;
  const admin = new PgClient({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${run}`);
  const eventStoreUrl = POSTGRES_URL.replace(/\/[^/]*$/, `/${run}`);
  // Redis database 7 is this test's: limits counted by an earlier run would still be in their window.
  const redisUrl = `${REDIS_URL.replace(/\/\d*$/, '')}/7`;
  const { Redis } = require('ioredis');
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  const cluster = await startCluster({
    nodes: 3,
    engines: { postgres: eventStoreUrl, redis: redisUrl },
    database: run,
    // CLUSTER_FERRETDB_ON_SQLITE=1 puts FerretDB's documents in its SQLite files instead of PostgreSQL.
    ferretdbOnPostgres: process.env.CLUSTER_FERRETDB_ON_SQLITE !== '1',
    env: {
      RATE_LIMIT_PER_MINUTE: '1000000',
      SEARCH_RATE_LIMIT_PER_MINUTE: String(SEARCHES_PER_MINUTE),
      CALL_RATE_LIMIT_PER_MINUTE: '1000000',
      ANONYMOUS_CALLS_PER_DAY: '1000000',
      ANONYMOUS_CALLS_PER_DAY_PER_ADDRESS: '1000000',
      SANDBOX_TIME_SCALE: '0.1',
      SANDBOX_RECORDING_SPEECH: 'off',
    },
  });
  const mongo = await MongoClient.connect(cluster.engines.mongodb);
  const clients = [];
  t.after(async () => {
    for (const client of clients) client.socket?.close();
    await mongo.close();
    // CLUSTER_KEEP=1 leaves the cluster running after the test, to look at what it left.
    if (process.env.CLUSTER_KEEP) return console.log(`# kept: ${cluster.url} (${cluster.dir})`);
    await cluster.stop();
    for (const database of [run, `${run}_documents`]) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  });

  phase('cluster healthy');
  // 50 clients, each with its socket on whichever node nginx gave it.
  for (let index = 0; index < CLIENTS; index += 1) {
    const client = new Client(cluster.url);
    await client.request('GET', '/api/health');
    await client.connect(io, index % 2 === 1);
    clients.push(client);
  }
  const socketNodes = new Set(clients.map((client) => client.node).filter(Boolean));

  phase('clients connected');
  // 200 calls, started and followed; the node that runs the projections is killed half-way.
  const health = await Promise.all(cluster.nodes.map(async (node) => ({ node, body: await (await fetch(`${node.url}/api/health`)).json() })));
  const leader = health.find(({ body }) => body.projections.role === 'leading').node;
  const calls = [];
  let killedAt = 0;
  let takeover;
  for (let round = 0; round < CALLS_PER_CLIENT; round += 1) {
    await Promise.all(
      clients.map(async (client) => {
        const started = await client.request('POST', '/api/call-management/mock-test-call/', {});
        assert.equal(started.status, 201, JSON.stringify(started.body));
        calls.push({ id: started.body.id, client });
        await client.follow(started.body.id);
      }),
    );
    if (round === Math.max(0, Math.ceil(CALLS_PER_CLIENT / 2) - 1)) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const exited = new Promise((resolve) => leader.child.once('exit', resolve));
      leader.kill('SIGKILL');
      killedAt = Date.now();
      takeover = eventually(
        'another node to lead the projections',
        async () => {
          const roles = await Promise.all(
            cluster.nodes.filter((node) => node !== leader).map((node) => fetch(`${node.url}/api/health`).then((response) => response.json()).then((body) => body.projections.role, () => null)),
          );
          return roles.includes('leading') && Date.now() - killedAt;
        },
        10_000,
      );
      takeover.catch(() => undefined);
      // Until the kernel has closed its sockets a dead node may still accept a connection and reset it.
      await exited;
    }
  }
  assert.equal(calls.length, CLIENTS * CALLS_PER_CLIENT);

  t.diagnostic(`another node led the projections ${((await takeover) / 1000).toFixed(1)} s after the kill`);

  phase('calls started');
  // Every call ends: those the dead node worked are adopted by the others.
  const db = mongo.db(run);
  // As the nodes read them: a read model's own checkpoint moves when a batch changed it, the marker always.
  const checkpoints = async () => [...storedCheckpoints(await db.collection('projection_checkpoints').find({}).toArray()).values()];
  const callsCollection = async () => (await checkpoints()).find((checkpoint) => checkpoint._id === 'calls').collection;
  const ids = calls.map((call) => call.id);
  const finalDocs = await eventually(
    'every call to reach a final state',
    async () => {
      const docs = await db.collection(await callsCollection()).find({ _id: { $in: ids } }).toArray();
      return docs.length === ids.length && docs.every((doc) => FINAL.has(doc.status) && (doc.status !== 'completed' || doc.analysis)) && docs;
    },
    Number(process.env.CLUSTER_FINAL_WAIT_MS ?? 90_000),
  );
  const took = Date.now() - killedAt;
  t.diagnostic(`after the kill every call was final within ${(took / 1000).toFixed(1)} s; ${finalDocs.filter((doc) => doc.status === 'completed').length} completed, ${finalDocs.filter((doc) => doc.status === 'failed').length} failed`);
  for (const doc of finalDocs.filter((doc) => doc.status === 'failed')) assert.match(doc.errorMessage ?? doc.error_message ?? '', /./, `call ${doc._id} failed without a reason`);

  phase('every call final');
  // Each event stored once, in order, and each finished call analysed once.
  const events = new PgClient({ connectionString: eventStoreUrl });
  await events.connect();
  const rows = (await events.query("SELECT stream_id, revision, id, type FROM rc_events WHERE stream_id LIKE 'call-%' ORDER BY position")).rows;
  await events.end();
  assert.equal(new Set(rows.map((row) => row.id)).size, rows.length, 'an event id stored twice');
  const byStream = new Map();
  for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);
  for (const [stream, streamRows] of byStream) {
    assert.deepEqual(streamRows.map((row) => row.revision), streamRows.map((_, index) => index), `${stream} has a gap`);
    assert.ok(streamRows.filter((row) => row.type === 'CallAnalyzed').length <= 1, `${stream} analysed twice`);
  }

  phase('events checked');
  // Every read model equals a clean rebuild on one node.
  const head = Number((await eventually('the head', async () => (await (await fetch(`${cluster.url}/api/health`)).json()).projections.head, 5000)));
  await eventually('the read models to catch up', async () => (await checkpoints()).every((checkpoint) => checkpoint.position >= head), 30_000);
  const dir = mkdtempSync(join(tmpdir(), 'ringcheck-cluster-rebuild-'));
  const store = await PostgresEventStore.connect(eventStoreUrl);
  const reads = await EmbeddedReadStore.open(dir);
  try {
    const runner = new ProjectionRunner(store, reads, allProjections);
    await runner.start();
    await runner.stop();
    const stored = await checkpoints();
    for (const projection of allProjections) {
      const live = (await db.collection(stored.find((checkpoint) => checkpoint._id === projection.name).collection).find({}).sort({ _id: 1 }).toArray()).map((doc) => withoutBookkeeping(doc));
      const rebuilt = (await runner.collection(projection).find({}, { sort: { _id: 1 } })).map((doc) => withoutBookkeeping(doc));
      assert.deepEqual(live, rebuilt, `the ${projection.name} read model differs from a clean rebuild`);
    }
  } finally {
    await reads.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }

  phase('read models compared');
  // No socket missed an update: each client's last update of each call is the call's final document.
  await eventually(
    'every client to hold the final state of its calls',
    () => calls.every(({ id, client }) => (client.last.get(`call:${id}`) ?? 0) >= finalDocs.find((doc) => doc._id === id)._position),
    20_000,
  );
  // Positions order a document's states; the client keeps the newest and drops an older one, as the web
  // app does. A change is pushed before it is written, so an older state may still reach a client: the
  // store read for a subscription sent again over a new connection, or the node that takes the projections
  // over pushing again what the killed one had applied but not written. Never two states at one position.
  let older = 0;
  for (const client of clients) {
    for (const [room, received] of client.updates) {
      const states = new Map();
      let newest = 0;
      for (const { position, state } of received) {
        if (states.has(position)) assert.equal(state, states.get(position), `${room} was sent two states at position ${position}`);
        states.set(position, state);
        if (position < newest) older += 1;
        newest = Math.max(newest, position);
      }
    }
  }
  t.diagnostic(`${older} of ${clients.reduce((sum, client) => sum + [...client.updates.values()].reduce((n, received) => n + received.length, 0), 0)} updates older than one the client held (dropped by position)`);
  t.diagnostic(`sockets were spread over ${socketNodes.size} nodes`);
  assert.ok(socketNodes.size >= 2, 'nginx put every socket on one node');

  phase('sockets checked');
  // A client spreading searches over the nodes meets the ceiling it meets on one.
  const searcher = new Client(cluster.url);
  await searcher.request('GET', '/api/health');
  const statuses = [];
  for (let index = 0; index < SEARCHES_PER_MINUTE + 10; index += 1) {
    statuses.push((await searcher.request('POST', '/api/discoveries/', { business_name: 'Pizza Palace', location: 'Austin, TX' })).status);
  }
  assert.equal(statuses.filter((status) => status === 201).length, SEARCHES_PER_MINUTE, `statuses: ${statuses.join(" ")}`);
  assert.equal(statuses.filter((status) => status === 429).length, 10);

  // Each of those searches is run by one node, to its end.
  const discoveries = (await checkpoints()).find((checkpoint) => checkpoint._id === 'discoveries').collection;
  await eventually(
    'every search to end',
    async () => {
      const docs = await db.collection(discoveries).find({}).toArray();
      return docs.length === SEARCHES_PER_MINUTE && docs.every((doc) => doc.status === 'completed' || doc.status === 'failed');
    },
    20_000,
  );
  const searchEvents = new PgClient({ connectionString: eventStoreUrl });
  await searchEvents.connect();
  const started = (await searchEvents.query("SELECT stream_id, count(*)::int AS n FROM rc_events WHERE type = 'DiscoverySearchStarted' GROUP BY stream_id")).rows;
  await searchEvents.end();
  assert.ok(started.every((row) => row.n === 1), `a search was started twice: ${JSON.stringify(started.filter((row) => row.n > 1))}`);
});
