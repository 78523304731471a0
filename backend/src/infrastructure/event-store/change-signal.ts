/**
 * Wakes waiting subscriptions when new events may be readable. The version counter closes the
 * gap between "read found nothing" and "start waiting": a notify in between makes wait() return at once.
 */
export class ChangeSignal {
  private version = 0;
  private waiters: Array<() => void> = [];

  get currentVersion(): number {
    return this.version;
  }

  notify(): void {
    this.version += 1;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves at the first notify after sinceVersion was read (at once if one already happened). */
  wait(sinceVersion: number): Promise<void> {
    if (this.version !== sinceVersion) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
