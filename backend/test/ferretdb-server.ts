import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually';
import { freePort } from './free-port';

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

/** The FerretDB binary `.ci/ferretdb.sh` builds (`$GOPATH/bin/ferretdb`), or `FERRETDB_BIN`; null when neither exists. */
export function ferretDbBinary(): string | null {
  const candidates = [process.env.FERRETDB_BIN, join(process.env.GOPATH || join(homedir(), 'go'), 'bin', 'ferretdb')];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path!)) ?? null;
}

/**
 * A FerretDB server (MongoDB wire protocol, SQLite backend) of a test's own, on a free port with its data
 * in `dataDir`, so the test can stop it and start it again on the same port with the same data.
 */
export class FerretDbServer {
  private child: ChildProcess | undefined;

  private constructor(
    private readonly binary: string,
    private readonly dataDir: string,
    readonly port: number,
  ) {}

  static async start(binary: string, dataDir: string): Promise<FerretDbServer> {
    const server = new FerretDbServer(binary, dataDir, await freePort());
    await server.start();
    return server;
  }

  get uri(): string {
    return `mongodb://127.0.0.1:${this.port}/`;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      this.binary,
      [
        `--listen-addr=127.0.0.1:${this.port}`,
        '--handler=sqlite',
        `--sqlite-url=file:${this.dataDir}/`,
        `--state-dir=${this.dataDir}`,
        '--telemetry=disable',
        '--log-level=error',
        '--debug-addr=-',
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    try {
      await eventually(
        `FerretDB to accept connections on port ${this.port}`,
        async () => {
          if (child.exitCode !== null) throw new Error(`FerretDB exited with ${child.exitCode} before accepting connections on port ${this.port}`);
          return accepts(this.port);
        },
        { timeoutMs: START_TIMEOUT_MS, everyMs: 100 },
      );
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}


function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
