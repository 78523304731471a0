import type { CalledBusiness } from '../../ports/telephony';
import { describeTelephonyContract, type LineScenario } from '../../ports/telephony.contract';
import { ScriptedVoiceAgent } from '../voice-agent/scripted-caller';
import { behaviorProfileFor, type LineBehavior } from './behavior-profile';
import { directoryBusinesses } from './directory-businesses.fixture';
import { ALWAYS_OPEN } from './opening-periods.fixture';
import { SandboxTelephony } from './sandbox-telephony';

/** Fast enough for a test, slow enough that a ring (120 ms) leaves time to hang up in it. */
const TIME_SCALE = 0.02;

const LINES: Record<LineScenario, (line: LineBehavior) => boolean> = {
  // At least three rings: the answer comes some 250 ms after the first.
  person: (line) => line.kind === 'human' && line.rings >= 3,
  // A full mailbox hangs up on its own; this one takes messages and the caller declines to leave one.
  voicemail: (line) => line.kind === 'voicemail' && line.greeting !== 'mailbox_full',
  busy: (line) => line.kind === 'busy',
  no_answer: (line) => line.kind === 'no_answer',
};

/** A directory business whose line, always open, behaves as `scenario` says on the first call. */
function businessFor(scenario: LineScenario): CalledBusiness {
  const found = directoryBusinesses().find((business) => LINES[scenario](behaviorProfileFor(business, 1).inHours));
  if (!found) throw new Error(`No directory business behaves as '${scenario}'`);
  return { ...found, openingPeriods: ALWAYS_OPEN };
}

describeTelephonyContract('sandbox', async () => {
  const telephony = new SandboxTelephony({ agent: new ScriptedVoiceAgent(), synthesizer: null });
  let calls = 0;
  return {
    line: async (scenario) => ({
      telephony,
      request: { callId: `call-contract-${scenario}-${++calls}`, to: '+12125550142', from: telephony.callerNumber, business: businessFor(scenario), attempt: 1, timeScale: TIME_SCALE },
    }),
    cleanup: async () => undefined,
  };
});
