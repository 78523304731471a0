import { connect, type Socket } from 'node:net';

const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

interface Connection {
  socket: Socket;
  received: Buffer;
  /** When the request in flight on it was due; null while it waits for one. */
  due: number | null;
}

/** Where a whole answer ends in `received` (head and Content-Length body), and its status; null until it has arrived. */
function answerIn(received: Buffer): { status: number; end: number } | null {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = received.subarray(0, headEnd).toString('latin1');
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
  const end = headEnd + 4 + length;
  return received.length < end ? null : { status: Number(head.slice(9, 12)), end };
}

/**
 * Latencies of GET `url` at a steady `rate`: request i is due at start + i / rate whatever the answers
 * before it did, over at most `connections` keep-alive connections, and its latency counts from when it
 * was due, so a stall delays every request due during it (no coordinated omission). A request due while
 * every connection is busy waits for the first one free. The client writes prepared bytes on plain
 * sockets and reads only the status and Content-Length of each answer: Node's HTTP client cost as much
 * per request as the server's fastest routes, and at their half load its own queue was the latency measured.
 */
export async function pacedLatencies(url: string, headers: Record<string, string>, rate: number, seconds: number, connections = 50, warmUpSeconds = 0.5): Promise<number[]> {
  const target = new URL(url);
  const port = Number(target.port || 80);
  const lines = Object.entries({ Host: target.host, ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(`GET ${target.pathname}${target.search} HTTP/1.1\r\n${lines.join('')}\r\n`);
  // The first half second warms the client up (its code is compiled as it runs) and is not counted.
  const total = Math.max(1, Math.round(rate * (seconds + warmUpSeconds)));
  let measuredFrom = Infinity;
  const latencies: number[] = [];
  const failures: string[] = [];
  const waiting: number[] = [];
  const idle: Connection[] = [];
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let answered = 0;
  const settle = () => answered >= total && finish();
  const send = (connection: Connection, due: number) => {
    connection.due = due;
    connection.socket.write(request);
  };
  const receive = (connection: Connection, chunk: Buffer) => {
    connection.received = connection.received.length > 0 ? Buffer.concat([connection.received, chunk]) : chunk;
    for (let answer = answerIn(connection.received); answer; answer = answerIn(connection.received)) {
      connection.received = connection.received.subarray(answer.end);
      if (answer.status !== 200) failures.push(`status ${answer.status}`);
      else if (connection.due! >= measuredFrom) latencies.push(performance.now() - connection.due!);
      answered++;
      const next = waiting.shift();
      if (next === undefined) {
        connection.due = null;
        idle.push(connection);
      } else send(connection, next);
      settle();
    }
  };
  const open = () =>
    new Promise<Connection>((resolve, reject) => {
      const socket = connect(port, target.hostname);
      const connection: Connection = { socket, received: Buffer.alloc(0), due: null };
      socket.setNoDelay(true);
      socket.once('connect', () => resolve(connection));
      socket.on('data', (chunk: Buffer) => receive(connection, chunk));
      socket.on('error', (error) => {
        if (connection.due !== null) {
          failures.push(error.message);
          answered++;
        }
        connection.due = null;
        settle();
        reject(error);
      });
    });
  const opened = await Promise.all(Array.from({ length: connections }, open));
  idle.push(...opened);
  try {
    const start = performance.now() + 10;
    measuredFrom = start + warmUpSeconds * 1000;
    for (let sent = 0; sent < total; ) {
      const now = performance.now();
      for (; sent < total && start + (sent * 1000) / rate <= now; sent++) {
        const due = start + (sent * 1000) / rate;
        const connection = idle.pop();
        if (connection) send(connection, due);
        else waiting.push(due);
      }
      if (sent < total) await sleep(Math.max(0, start + (sent * 1000) / rate - performance.now()));
    }
    await Promise.race([finished, sleep(30_000)]);
  } finally {
    for (const { socket } of opened) socket.destroy();
  }
  if (failures.length > 0) throw new Error(`${url}: ${failures.length} of ${total} requests failed (${failures[0]})`);
  if (answered < total) throw new Error(`${url}: ${total - answered} of ${total} requests unanswered after 30 s`);
  return latencies;
}
