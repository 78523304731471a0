import { check, type AnalysisContext } from './analysis-context';

/** How the business treats a call outside its hours; null within hours or when the hours are unknown. */
export function afterHoursBehaviorOf(context: AnalysisContext): string | null {
  const { input, mode } = context;
  if (input.duringBusinessHours !== false) return null;
  switch (mode) {
    case 'live':
      return input.answeredBy === 'ivr'
        ? 'An automated menu answered outside business hours and reached a person'
        : 'Answered live outside business hours';
    case 'voicemail': {
      const hours = check(context, 'vm-hours')?.status === 'pass';
      const callback = check(context, 'vm-callback')?.status;
      const message = callback === 'pass' ? ' and promises a callback' : callback === 'partial' ? ' and invites a message' : '';
      return `Sent to voicemail; the greeting ${hours ? 'gives' : 'does not give'} the business hours${message}`;
    }
    case 'menu':
      return 'An automated menu answered outside business hours and looped without reaching a person';
    case 'unreached':
      if (input.connectionStatus === 'busy') return 'Line busy outside business hours';
      if (input.connectionStatus === 'failed') return 'The call could not be connected outside business hours';
      return 'Rang without an answer outside business hours';
  }
}
