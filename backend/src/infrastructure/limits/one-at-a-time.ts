/** Runs work for one key after the work before it for that key; different keys run side by side. */
export interface Serializer {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** One at a time per key within this process, in the order given. */
export class OneAtATime implements Serializer {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
