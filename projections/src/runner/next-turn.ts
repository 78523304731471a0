/** Resolves on the event loop's next turn, once the I/O and timers waiting meanwhile have run: long work yields with it. */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
