export { businessDailyCap, type BusinessDailyCapDecision } from './business-daily-cap';
export { checkDialable, type DialingDecision, type DialingRules } from './dialing-policy';
export { DialingGate } from './dialing-gate';
export type { DialingRefusal, DialingRefusalReason } from './dialing-refusal';
