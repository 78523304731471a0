export * from './events';
export * from './calls.projection';
