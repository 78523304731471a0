export * from './ports';
export * from './projection';
export * from './runner';
export * from './analytics';
export * from './all-projections';
