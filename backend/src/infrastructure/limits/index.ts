export { addressKeyOf } from './address-key';
export { type Allowance, createLimiter, type Limiter, type LimiterFactory, type LimiterOptions, redisLimiterFactory } from './limiter';
export { LIMITER_FACTORY, LimitsModule } from './limits.module';
