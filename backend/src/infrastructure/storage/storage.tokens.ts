/** Injection tokens of the storage ports. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_STORE = Symbol('READ_STORE');
export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');
