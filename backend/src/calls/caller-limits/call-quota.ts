import type { Logger } from 'pino';
import { ApiException } from '../../infrastructure/http';
import { addressKeyOf, createLimiter, type Limiter, type LimiterFactory } from '../../infrastructure/limits';
import type { ClientContext } from '../../infrastructure/request';

const DAY_SECONDS = 24 * 3600;

export interface CallQuotaLimits {
  /** Calls per visitor who is not signed in. */
  readonly anonymousPerDay: number;
  /** Calls of every visitor who is not signed in from one address, together. */
  readonly anonymousPerDayPerAddress: number;
  readonly userPerDay: number;
}

type Caller = Pick<ClientContext, 'ip' | 'userId' | 'anonId'>;
type QuotaKind = 'user' | 'anonymous' | 'ip';

interface Charge {
  readonly kind: QuotaKind;
  readonly limiter: Limiter;
  readonly key: string;
}

export type CallQuotaDecision =
  | { readonly allowed: true; readonly refund: () => Promise<void> }
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly answer: ApiException };

/**
 * Test calls a caller may start per 24 hours (a window opens at the caller's first call). A signed-in
 * user spends from their own quota; a visitor from theirs (a visitor with no proven id is known by
 * address alone) and, with every other visitor there, from their address's.
 */
export class CallQuota {
  private readonly perUser: Limiter;
  private readonly perVisitor: Limiter;
  private readonly perAddress: Limiter;

  constructor(
    readonly limits: CallQuotaLimits,
    private readonly logger?: Logger,
    makeLimiter: LimiterFactory = createLimiter,
  ) {
    const limiter = (name: string, points: number) => makeLimiter({ name, points, windowSeconds: DAY_SECONDS });
    this.perUser = limiter('calls-user', limits.userPerDay);
    this.perVisitor = limiter('calls-visitor', limits.anonymousPerDay);
    this.perAddress = limiter('calls-address', limits.anonymousPerDayPerAddress);
  }

  /** Spends one call of every quota the caller has; a refused call spends nothing. */
  async charge(caller: Caller): Promise<CallQuotaDecision> {
    const charges = this.chargesOf(caller);
    const allowances = await Promise.all(charges.map(({ limiter, key }) => limiter.spend(key)));
    const refund = async () => {
      await Promise.all(charges.map(({ limiter, key }) => limiter.refund(key)));
    };
    const refused = charges.filter((_, index) => !allowances[index].allowed);
    if (refused.length === 0) return { allowed: true, refund };

    await refund();
    this.logger?.warn({ refusedBy: [...new Set(refused.map(({ kind }) => kind))], signedIn: caller.userId !== null }, 'Call refused: daily call quota used up');
    const retryAfterSeconds = Math.max(...allowances.filter((allowance) => !allowance.allowed).map((allowance) => allowance.retryAfterSeconds));
    const byVisitor = refused.some(({ limiter }) => limiter === this.perVisitor);
    return { allowed: false, retryAfterSeconds, answer: this.exceeded(caller, byVisitor, retryAfterSeconds) };
  }

  private chargesOf({ ip, userId, anonId }: Caller): Charge[] {
    if (userId) return [{ kind: 'user', limiter: this.perUser, key: userId }];
    const address = addressKeyOf(ip);
    return [
      anonId ? { kind: 'anonymous', limiter: this.perVisitor, key: anonId } : { kind: 'ip', limiter: this.perVisitor, key: `ip:${address}` },
      { kind: 'ip', limiter: this.perAddress, key: address },
    ];
  }

  private exceeded(caller: Caller, byVisitor: boolean, retryAfterSeconds: number): ApiException {
    const wait = durationInWords(retryAfterSeconds);
    if (caller.userId) {
      const limit = this.limits.userPerDay;
      return new ApiException(429, {
        error: 'call_quota_exceeded',
        detail: `The quota of ${limit} test calls per day is used up. Try again in ${wait}.`,
        user_message: `You've used all ${limit} of your test calls for today. You can start more in ${wait}.`,
        signup_required: false,
      });
    }
    const limit = byVisitor ? this.limits.anonymousPerDay : this.limits.anonymousPerDayPerAddress;
    return new ApiException(429, {
      error: 'call_quota_exceeded',
      detail: byVisitor
        ? `The quota of ${limit} test calls per day for visitors who are not signed in is used up.`
        : `The quota of ${limit} test calls per day for visitors from this network is used up.`,
      user_message: byVisitor
        ? `You've used your ${limit} free test calls for today. Sign up for a free account to run more.`
        : "Today's free test calls from your network are used up. Sign up for a free account to run more.",
      signup_required: true,
    });
  }
}

/** "5 hours", "1 hour", "12 minutes". */
function durationInWords(seconds: number): string {
  const [amount, unit] = seconds >= 3600 ? [Math.ceil(seconds / 3600), 'hour'] : [Math.max(1, Math.ceil(seconds / 60)), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
