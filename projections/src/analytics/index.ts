export * from './events';
export * from './anonymous-visitors.projection';
export * from './analytics-event-totals.projection';
export * from './feature-flags.projection';
