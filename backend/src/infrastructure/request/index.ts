export * from './client-context';
