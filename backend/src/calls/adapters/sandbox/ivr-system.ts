import type { OpeningPeriod } from '../../../discovery/ports/business-directory';
import type { BusinessUtterance, IvrOption } from '../../ports/voice-agent';
import type { SeededRandom } from '../../../infrastructure/random';
import type { IvrProfile } from './behavior-profile';
import type { BusinessBeat, BusinessParty } from './business-party';
import type { IvrMenuOption } from './ivr-menus';
import { describeWeeklyHours } from './spoken-hours';

export interface IvrSetup {
  businessName: string;
  profile: IvrProfile;
  options: IvrMenuOption[];
  openingPeriods: OpeningPeriod[];
  random: SeededRandom;
  /** The person or mailbox a choice puts the caller through to. */
  connect(department: string, to: 'human' | 'voicemail'): BusinessParty;
}

const OPERATOR_DEPARTMENT = 'Front desk';
const MAX_SILENT_MENUS = 3;

/**
 * An automated attendant: a welcome, a menu of numbered options, transfers to a person or a
 * mailbox. A looping attendant sends every choice back to the main menu.
 */
export class IvrSystem implements BusinessParty {
  private connected: BusinessParty | null = null;
  private presentations = 0;
  private silentMenus = 0;

  constructor(private readonly setup: IvrSetup) {}

  answer(): BusinessBeat[] {
    const welcome = this.setup.random.chance(0.4)
      ? `Thank you for calling ${this.setup.businessName}. Please listen carefully, as our menu options have changed.`
      : `Thank you for calling ${this.setup.businessName}.`;
    return [this.machine('ivr_message', welcome), { type: 'pause', ms: 400 }, this.menu()];
  }

  hear(text: string): BusinessBeat[] {
    if (this.connected) return this.connected.hear(text);
    return [this.machine('ivr_message', "Sorry, I didn't understand."), { type: 'pause', ms: 300 }, this.menu()];
  }

  digits(digits: string): BusinessBeat[] {
    if (this.connected) return this.connected.digits(digits);
    this.silentMenus = 0;
    const { profile, options } = this.setup;
    const digit = digits.slice(-1);
    const option = options.find((candidate) => candidate.digit === digit);
    const operator = digit === '0' && profile.hasOperator;
    if (!option && !operator) return [this.machine('ivr_message', 'Sorry, that is not a valid option.'), { type: 'pause', ms: 300 }, this.menu()];
    if (profile.loops) {
      return [
        this.machine('ivr_message', "We're sorry, no one is available to take your call. Returning to the main menu."),
        { type: 'pause', ms: 500 },
        this.menu(),
      ];
    }
    if (option?.route === 'hours') {
      return [this.machine('ivr_message', describeWeeklyHours(this.setup.openingPeriods)), { type: 'pause', ms: 500 }, this.menu()];
    }
    const department = option ? option.department : OPERATOR_DEPARTMENT;
    const to = operator || (option?.route === 'target' && profile.routesTo === 'human') ? 'human' : 'voicemail';
    this.connected = this.setup.connect(department, to);
    return [
      this.machine('ivr_message', 'Please hold while we connect your call.'),
      this.setup.random.chance(0.5) ? { type: 'hold', ms: this.setup.random.int(3000, 6000) } : { type: 'ring', ms: this.setup.random.int(3000, 5500) },
      ...this.connected.answer(),
    ];
  }

  silence(): BusinessBeat[] {
    if (this.connected) return this.connected.silence();
    this.silentMenus += 1;
    if (this.silentMenus >= MAX_SILENT_MENUS) return [this.machine('ivr_message', 'Goodbye.'), { type: 'hang_up' }];
    return [this.menu()];
  }

  inMenuLoop(): boolean {
    return this.connected === null && this.presentations >= 3;
  }

  private menu(): BusinessBeat {
    this.presentations += 1;
    const { options, profile } = this.setup;
    const listed: IvrOption[] = options.map((option) => ({ digit: option.digit, label: option.label }));
    if (profile.hasOperator) listed.push({ digit: '0', label: 'for anything else' });
    const text = listed.map((option) => `${capitalize(option.label)}, press ${option.digit}.`).join(' ');
    return this.machine('ivr_menu', text, listed);
  }

  private machine(kind: BusinessUtterance['kind'], text: string, options?: IvrOption[]): BusinessBeat {
    return { type: 'say', utterance: options ? { kind, text, options } : { kind, text }, voice: 'machine' };
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
