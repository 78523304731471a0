export * from './client-context';
export * from './id-field';
