/** Who picked up, as far as the call is concerned. */
export type MachineVerdict = 'human' | 'voicemail' | 'fax';

/**
 * Twilio's asynchronous answering-machine detection (`AnsweredBy`) mapped to what the call does next.
 * `machine_start` and `machine_end_*` are a voicemail greeting: the caller hangs up at once, leaving no message.
 * `unknown` (no verdict in time, typically someone who picks up and waits silently) counts as a person:
 * the caller talks, and hangs up itself if it hears a greeting after all.
 */
export function machineVerdictOf(answeredBy: string): MachineVerdict {
  if (answeredBy === 'fax') return 'fax';
  if (answeredBy.startsWith('machine_')) return 'voicemail';
  return 'human';
}
