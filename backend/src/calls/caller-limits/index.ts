export { CallQuota, type CallQuotaDecision, type CallQuotaLimits } from './call-quota';
export { CallQuotaInterceptor, ChargesCallQuota } from './call-quota.interceptor';
export { SignedInCallerGuard, SignedInCallersOnly } from './signed-in-caller.guard';
