import type { BusinessUtterance } from '../../ports/voice-agent';
import type { BusinessBeat, BusinessParty } from './business-party';

/** A mailbox: plays its greeting and a beep, records until the caller hangs up or goes quiet. */
export class VoicemailBox implements BusinessParty {
  private afterBeep = false;

  constructor(
    private readonly greeting: string,
    private readonly full: boolean,
  ) {}

  answer(): BusinessBeat[] {
    const utterance: BusinessUtterance = { kind: 'voicemail_greeting', text: this.greeting };
    if (this.full) return [{ type: 'say', utterance, voice: 'machine' }, { type: 'pause', ms: 600 }, { type: 'hang_up' }];
    this.afterBeep = true;
    return [{ type: 'say', utterance, voice: 'person' }, { type: 'pause', ms: 400 }, { type: 'beep' }];
  }

  hear(): BusinessBeat[] {
    // The message is being recorded; the mailbox stops after a few seconds of silence.
    return [{ type: 'pause', ms: 4000 }, { type: 'hang_up' }];
  }

  digits(): BusinessBeat[] {
    return [];
  }

  silence(): BusinessBeat[] {
    return this.afterBeep ? [{ type: 'pause', ms: 2000 }, { type: 'hang_up' }] : [];
  }

  inMenuLoop(): boolean {
    return false;
  }
}
