export { addressKeyOf } from './address-key';
export { type Allowance, createLimiter, type Limiter, type LimiterOptions } from './limiter';
