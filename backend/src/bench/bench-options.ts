/** What every benchmark group is given: `quick` asks for the small version `npm run bench -- --quick` runs in CI. */
export interface BenchOptions {
  quick: boolean;
}

/** Whole numbers listed in the environment variable `name` (e.g. `1000,20000`), sorted; `fallback` when it is unset. */
export function wholeNumbersFromEnv(name: string, fallback: number[]): number[] {
  const given = process.env[name];
  if (!given) return fallback;
  const numbers = given.split(',').map((part) => Number(part.trim()));
  if (numbers.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`${name} must list whole numbers, e.g. 1,3 (got ${given})`);
  return numbers.sort((a, b) => a - b);
}
