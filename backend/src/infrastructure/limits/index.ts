export { addressKeyOf } from './address-key';
export { type Allowance, createLimiter, type Limiter, type LimiterFactory, type LimiterOptions, redisLimiterFactory } from './limiter';
export { LIMITER_FACTORY, LimitsModule, SERIALIZER_FACTORY, type SerializerFactory } from './limits.module';
export { OneAtATime, type Serializer } from './one-at-a-time';
