/** Now, for plan allowances that count per month (a spec sets the time). */
export interface WorkspaceClock {
  now(): Date;
}

export const WORKSPACE_CLOCK = Symbol('WORKSPACE_CLOCK');

export const systemWorkspaceClock: WorkspaceClock = { now: () => new Date() };
