export * from './events';
export * from './discoveries.projection';
