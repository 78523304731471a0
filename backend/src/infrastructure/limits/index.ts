export { addressKeyOf } from './address-key';
export { type Allowance, createLimiter, type Limiter, type LimiterFactory, type LimiterOptions, redisLimiterFactory } from './limiter';
export { LIMITER_FACTORY, LimitsModule, SERIALIZER_FACTORY, type SerializerFactory, SPACING_FACTORY, type SpacingFactory } from './limits.module';
export { OneAtATime, type Serializer } from './one-at-a-time';
export { RedisSpacing, type Spacing } from './shared-spacing';
