export * from './events';
export * from './users.projection';
export * from './user-credentials.projection';
export * from './sessions.projection';
export * from './identity-projections';
