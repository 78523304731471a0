import type { AnsweredBy, CallStatus, ConnectionStatus, Priority, Sentiment } from '../../../api/calls-api';

export const STATUS_LABELS: Record<CallStatus, string> = {
  queued: 'Queued',
  in_progress: 'In Progress',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const STATUS_COLORS: Record<CallStatus, string> = {
  queued: 'gray',
  // The filled badge's white label needs the darker shade to stay readable (WCAG AA).
  in_progress: 'blue.8',
  completed: 'green',
  failed: 'red',
  canceled: 'gray',
};

export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  answered: 'Answered',
  voicemail: 'Voicemail',
  busy: 'Busy',
  no_answer: 'No answer',
  failed: 'Failed',
  ivr_loop: 'Phone menu loop',
  other: 'Other',
};

export const ANSWERED_BY_LABELS: Record<AnsweredBy, string> = {
  human: 'Answered by a person',
  voicemail: 'Answered by voicemail',
  ivr: 'Answered by a phone menu',
};

export const SPEAKER_LABELS = { business: 'Business', caller: 'Caller' } as const;

/** Priority badges (spec section 5): high red, medium yellow, low green. */
export const PRIORITY_COLORS: Record<Priority, 'red' | 'yellow' | 'green'> = { high: 'red', medium: 'yellow', low: 'green' };

export const SENTIMENT_LABELS: Record<Sentiment, string> = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' };
export const SENTIMENT_COLORS: Record<Sentiment, string> = { positive: 'green', neutral: 'gray', negative: 'red' };

export function businessHoursLabel(value: boolean | 'unknown' | null | undefined): string {
  if (value === true) return 'During business hours';
  if (value === false) return 'Outside business hours';
  return 'Unknown';
}

export const ordinalRing = (rings: number | null | undefined): string =>
  rings === null || rings === undefined ? 'N/A' : `${rings} ${rings === 1 ? 'ring' : 'rings'}`;
