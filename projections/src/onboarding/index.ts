export * from './events';
export * from './onboarding.projection';
