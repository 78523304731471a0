export * from './visitor-cookie';
export * from './visitor-proof';
export * from './visitor-proof.module';
