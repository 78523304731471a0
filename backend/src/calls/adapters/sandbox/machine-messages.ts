import type { OpeningPeriod } from '../../../discovery/ports/business-directory';
import { describeWeeklyHours } from './spoken-hours';

export type VoicemailGreetingKind = 'standard' | 'personal' | 'after_hours' | 'mailbox_full' | 'department';

/**
 * Recorded greetings. None of them says 'this is …' or 'how can I help', which is how a listener
 * tells a recording from a person picking up.
 */
export function voicemailGreeting(kind: VoicemailGreetingKind, businessName: string, periods: readonly OpeningPeriod[], department?: string): string {
  switch (kind) {
    case 'standard':
      return `You've reached ${businessName}. We can't take your call right now. Please leave your name, number and a short message after the tone, and we'll call you back.`;
    case 'personal':
      return `Hi, you've reached ${businessName}. Sorry we missed you! Leave a message after the beep and we'll get back to you as soon as we can.`;
    case 'after_hours':
      return `Thank you for calling ${businessName}. Our office is currently closed. ${hoursSentence(periods)}Please leave a message after the tone and we'll return your call on the next business day.`;
    case 'mailbox_full':
      return `The mailbox for ${businessName} is full and cannot accept new messages. Goodbye.`;
    case 'department':
      return `You've reached the ${(department ?? 'main').toLowerCase()} line at ${businessName}. Please leave your name and number after the tone.`;
  }
}

export function closedMessage(businessName: string, periods: readonly OpeningPeriod[]): string {
  return `Thank you for calling ${businessName}. We are currently closed. ${hoursSentence(periods)}Please call back during business hours. Goodbye.`;
}


function hoursSentence(periods: readonly OpeningPeriod[]): string {
  return periods.length > 0 ? `${describeWeeklyHours(periods)} ` : '';
}
