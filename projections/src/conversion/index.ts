export * from './conversion-events';
export * from './conversion.projection';
export * from './conversion-journeys';
export * from './conversion-report';
export * from './as-of-replay';
export * from './iso-week';
export * from './visitor-source';
