import { createServer } from 'node:http';

/**
 * The floor for the REST bench: a bare `node:http` server, in a process of its own like the API's,
 * answering each path with the very status, headers and body the API sent for it. Driven over IPC by
 * rest.bench.ts: it sends the captured answers and gets back the port.
 */

export interface CapturedAnswer {
  status: number;
  /** Header name and value pairs as the API sent them, without Date and connection management. */
  headers: [string, string][];
  bodyBase64: string;
}

export type ToBareServer = { type: 'serve'; answers: Record<string, CapturedAnswer> };
export type FromBareServer = { type: 'listening'; port: number };

process.once('message', (message: ToBareServer) => {
  const answers = new Map(
    Object.entries(message.answers).map(([path, answer]) => [path, { status: answer.status, headers: answer.headers.flat(), body: Buffer.from(answer.bodyBase64, 'base64') }]),
  );
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send!({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 } satisfies FromBareServer);
  });
  process.once('disconnect', () => process.exit(0));
});
