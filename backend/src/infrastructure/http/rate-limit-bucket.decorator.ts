import { SetMetadata } from '@nestjs/common';

/** Requests count against the general allowance unless their handler names a stricter bucket. */
export type RateLimitBucketName = 'general' | 'searches' | 'calls';

export const RATE_LIMIT_BUCKET = 'ringcheck:rate-limit-bucket';

/** Counts a handler's requests against their own allowance instead of the general one. */
export const RateLimitBucket = (bucket: Exclude<RateLimitBucketName, 'general'>) => SetMetadata(RATE_LIMIT_BUCKET, bucket);
