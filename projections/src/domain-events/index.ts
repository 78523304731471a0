export * from './domain-event';
export * from './domain-events-of';
export * from './event-union';
export * from './unexpected-event-error';
