export * from './event-store';
export * from './read-store';
