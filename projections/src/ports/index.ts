export * from './event-store';
export * from './read-store';
export * from './store-unavailable-error';
