export { CallStartError, DISCOVERY_ID_MISSING, NO_CALL_ID_RETURNED, NO_PHONE_NUMBER } from './call-start-error';
export { CALL_START_FALLBACKS, callStartErrorMessage, callStartNeedsSignup } from './call-start-message';
export { startCallMutation } from './start-call-mutation';
export { callModeOf, startBusinessCall, type CallStartMode, type CallTarget } from './start-business-call';
export { toE164 } from './to-e164';
