/** Texts of the call pages, verbatim from spec sections 2 and 8. */
export const CALL_MESSAGES = {
  queued: 'The call is queued and will be placed shortly.',
  canceled: 'The call was canceled.',
  waitingForAnalysis: 'Waiting for call analysis results',
  failedFallback: 'We were unable to complete the test call. Please try again.',
  callIdRequired: 'Call ID is required',
  loadFailed: 'Could not load call report. The call may not exist or you may not have access to it.',
  idMissingForPolling: 'Call ID is missing, cannot poll for updates.',
  finalStatusUnknown: 'Unable to retrieve final call status',
  callDataUnavailable: 'Failed to retrieve call data after multiple attempts',
  cancelingTitle: 'Canceling Call',
  canceledTitle: 'Call Canceled',
  cancelFailed: 'Failed to cancel the call. Please try again.',
  seeFullPreview: 'See Full Preview',
  hidePreview: 'Hide Preview',
  analysisNotFound: 'Call analysis not found',
  analysisNotFoundHint: "This call may still be processing or doesn't exist",
  backToCalls: 'Back to Calls',
  backToHome: 'Back to Home',
  tryAgain: 'Try Again',
  newCall: 'New Call',
  noCallsYet: 'No calls yet',
  noCallsMatch: 'No calls match your filters',
  sandboxCall: 'Sandbox call',
  realCall: 'Real call',
} as const;

/** Where the New Call and Try Again buttons of the calls pages lead. */
export const NEW_CALL_HREF = '/?action=new-call';
