import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { FollowerSpec, FromFollowers, ToFollowers } from './children/sockets-followers';

/** A process of Socket.IO clients (children/sockets-followers.js). */
export class FollowerProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, (message: FromFollowers) => void>();

  constructor() {
    this.child = fork(join(__dirname, 'children', 'sockets-followers.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message: FromFollowers) => {
      const resolve = this.waiting.get(message.type);
      this.waiting.delete(message.type);
      resolve?.(message);
    });
  }

  private ask<T extends FromFollowers['type']>(message: ToFollowers, answer: T): Promise<Extract<FromFollowers, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.child.once('exit', (code) => reject(new Error(`The follower process exited with ${code}`)));
      this.waiting.set(answer, resolve as (message: FromFollowers) => void);
      this.child.send(message);
    });
  }

  connect(url: string, followers: FollowerSpec[]) {
    return this.ask({ type: 'connect', url, followers, concurrency: 100 }, 'connected');
  }

  report() {
    return this.ask({ type: 'report' }, 'report');
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies ToFollowers);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}
