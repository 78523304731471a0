import type { TestingModuleBuilder } from '@nestjs/testing';
import { ManualClock, SandboxTelephony } from '../src/calls/adapters/sandbox';
import { ScriptedVoiceAgent } from '../src/calls/adapters/voice-agent';
import { TELEPHONY } from '../src/calls/ports/telephony';
import { eventually } from './eventually';

/** Clock time per step while playing a call: a second of call time at a time scale of 0.01. */
const STEP_MS = 10;

/**
 * The sandbox phone network on a clock that moves only when a spec plays a call: what a business
 * does (its hours, busy lines) is decided at `startsAt`, and no call report comes before its time.
 */
export class SandboxOnManualClock {
  readonly clock: ManualClock;

  constructor(startsAt: Date) {
    this.clock = new ManualClock(startsAt);
  }

  /** Replaces the app's telephony with this sandbox (for `startTestApp`'s `override`). */
  readonly override = (module: TestingModuleBuilder): TestingModuleBuilder =>
    module.overrideProvider(TELEPHONY).useValue(new SandboxTelephony({ agent: new ScriptedVoiceAgent(), clock: this.clock, synthesizer: null }));

  /** Waits for the next attempt to be dialled, then plays it to its last report. */
  async playAttempt(): Promise<void> {
    await eventually('the sandbox to dial an attempt', () => this.clock.pending() > 0);
    while (this.clock.pending() > 0) this.clock.advance(STEP_MS);
  }
}
