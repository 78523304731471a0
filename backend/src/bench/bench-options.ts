/** What every benchmark group is given: `quick` asks for the small version `npm run bench -- --quick` runs in CI. */
export interface BenchOptions {
  quick: boolean;
}
