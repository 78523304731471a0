export * from './ports';
export * from './projection';
export * from './runner';
export * from './analytics';
export * from './discovery';
export * from './calls';
export * from './all-projections';
