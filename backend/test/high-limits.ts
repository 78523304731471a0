// Specs send many requests from one loopback address, and every limit counts per address.
export { UNREACHABLE_LIMITS as HIGH_LIMITS } from '../src/infrastructure/config/unreachable-limits';
