export interface EventuallyOptions<T> {
  /** When the probe's value is the one waited for; by default anything but undefined, null or false. */
  until?: (value: T) => boolean;
  timeoutMs?: number;
  /** Pause between probes. */
  everyMs?: number;
}

type Found<T> = Exclude<T, undefined | null | false>;

const given = (value: unknown) => value !== undefined && value !== null && value !== false;

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
};

/**
 * Probes until the probe gives what is waited for, and returns it. Fails naming `what` it waited
 * for and the last thing the probe gave.
 */
export async function eventually<T>(what: string, probe: () => T | Promise<T>, options: EventuallyOptions<T> = {}): Promise<Found<T>> {
  const { until = given, timeoutMs = 10_000, everyMs = 10 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (until(value)) return value as Found<T>;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}; the probe last gave ${shown(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
