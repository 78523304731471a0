import type { BusinessBeat, BusinessParty } from './business-party';

/** A line that only plays a recording (e.g. 'We are currently closed') and hangs up. */
export class RecordedMessage implements BusinessParty {
  constructor(private readonly text: string) {}

  answer(): BusinessBeat[] {
    return [{ type: 'say', utterance: { kind: 'closed_message', text: this.text }, voice: 'machine' }, { type: 'pause', ms: 800 }, { type: 'hang_up' }];
  }

  hear(): BusinessBeat[] {
    return [];
  }

  digits(): BusinessBeat[] {
    return [];
  }

  silence(): BusinessBeat[] {
    return [{ type: 'hang_up' }];
  }

  inMenuLoop(): boolean {
    return false;
  }
}
