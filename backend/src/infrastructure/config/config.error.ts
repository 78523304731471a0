export interface ConfigProblem {
  readonly variable: string;
  readonly problem: string;
}

/** Stops start-up: lists every environment variable with a bad value (values are never echoed). */
export class ConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    const noun = problems.length === 1 ? 'problem' : 'problems';
    const lines = problems.map(({ variable, problem }) => `  - ${variable}: ${problem}`);
    super(`Invalid configuration (${problems.length} ${noun}):\n${lines.join('\n')}`);
    this.name = 'ConfigError';
  }
}
