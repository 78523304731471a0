import { SetMetadata } from '@nestjs/common';

export const CSRF_EXEMPT = 'ringcheck:csrf-exempt';

/**
 * Lets a handler or controller accept state-changing requests without the CSRF header:
 * only for callers that are not browsers and are authenticated otherwise (signed Twilio webhooks).
 */
export const CsrfExempt = () => SetMetadata(CSRF_EXEMPT, true);
