import type { CallAnalysisInput } from '../ports/call-analyzer';
import type { TranscriptView } from './transcript-view';

/**
 * What the caller met: a live conversation, a voicemail greeting, an automated menu that never let
 * go, or nothing at all (busy, no answer, failed).
 */
export type CallMode = 'live' | 'voicemail' | 'menu' | 'unreached';

export function callModeOf(input: CallAnalysisInput, view: TranscriptView): CallMode {
  switch (input.connectionStatus) {
    case 'answered':
      return 'live';
    case 'voicemail':
      return 'voicemail';
    case 'ivr_loop':
      return 'menu';
    case 'other':
      return view.business.length > 0 ? 'live' : 'unreached';
    default:
      return 'unreached';
  }
}
