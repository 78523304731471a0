export * from './events';
export * from './calls.projection';
export * from './call-report';
export * from './call-reports.projection';
