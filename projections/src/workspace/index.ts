export * from './events';
export * from './locations.projection';
export * from './business-profiles.projection';
