import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../infrastructure/config';
import { type Serializer, SERIALIZER_FACTORY, type SerializerFactory } from '../../infrastructure/limits';
import type { CallTarget } from '../commands/call-target';
import { TELEPHONY, type TelephonyProvider } from '../ports/telephony';
import { CallReadModels } from '../queries/call-read-models';
import { businessDailyCap, DAY_MS } from './business-daily-cap';
import { calledTooOftenAnswer, notDialableAnswer } from './dialing-answers';
import { checkDialable, type DialingRules } from './dialing-policy';

/**
 * Lets a call start only when its number may be dialled. Real calls (any telephony but the sandbox,
 * whose fictional numbers reach nobody) must pass the dialing policy and stay within the number's
 * daily cap across all callers, counted from the calls read model, so it holds across restarts and nodes.
 */
@Injectable()
export class DialingGate {
  private readonly logger = new Logger('DialingPolicy');
  private readonly rules: DialingRules;
  private readonly perBusinessPerDay: number;
  /** Admissions to one number, one at a time on every node, so each counts the calls admitted before it. */
  private readonly perNumber: Serializer;

  constructor(
    @Inject(TELEPHONY) private readonly telephony: TelephonyProvider,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly calls: CallReadModels,
    @Inject(SERIALIZER_FACTORY) serializers: SerializerFactory,
  ) {
    this.perNumber = serializers('dialing');
    this.rules = {
      allowedCountryCodes: config.dialingAllowedCountryCodes,
      ownNumbers: config.twilioFromNumber ? [config.twilioFromNumber] : [],
    };
    this.perBusinessPerDay = config.callsPerBusinessPerDay;
  }

  /**
   * The E.164 number a real call to `number` dials, or null on the sandbox; throws the 422 naming
   * `field` when the policy refuses it. Also for a number as typed, before it is normalised.
   */
  screen(number: string, field: string): string | null {
    if (this.telephony.adapterName === 'sandbox') return null;
    const decision = checkDialable(number, this.rules);
    if (decision.allowed) return decision.e164;
    this.logger.warn(`Call refused by the dialing policy: ${decision.reason}`);
    throw notDialableAnswer(decision, field);
  }

  /**
   * Runs `start` with the target (its number in E.164) if it may be called, else throws the answer:
   * 422 naming `field`, or 429 past the daily cap. `start` must resolve once the new call is in the
   * read model: calls to one number are admitted one at a time, each counting the ones before it.
   */
  async admit<T>(target: CallTarget, field: string, start: (target: CallTarget) => Promise<T>): Promise<T> {
    const toNumber = this.screen(target.toNumber, field);
    if (toNumber === null) return start(target);
    return this.perNumber.run(toNumber, async () => {
      const now = Date.now();
      const recent = await this.calls.createdTo(toNumber, new Date(now - DAY_MS).toISOString(), this.perBusinessPerDay);
      const cap = businessDailyCap(recent, this.perBusinessPerDay, now);
      if (!cap.allowed) {
        this.logger.warn('Call refused: the business was called as often as allowed today');
        throw calledTooOftenAnswer(this.perBusinessPerDay, cap.retryAfterSeconds);
      }
      return start({ ...target, toNumber });
    });
  }
}
