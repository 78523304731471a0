import { SetMetadata } from '@nestjs/common';

export const SKIP_RATE_LIMIT = 'ringcheck:skip-rate-limit';

/** Exempts a handler or controller from the per-client limit (health checks, signed provider webhooks). */
export const SkipRateLimit = () => SetMetadata(SKIP_RATE_LIMIT, true);
