import type { ConfigProblem } from './config.error';

interface TwilioEnv {
  readonly TWILIO_ACCOUNT_SID?: string;
  readonly TWILIO_AUTH_TOKEN?: string;
  readonly TWILIO_FROM_NUMBER?: string;
  readonly PUBLIC_URL?: string;
  readonly OPENAI_API_KEY?: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Twilio is all or nothing: a partial configuration stops start-up, naming what is missing, rather than
 * quietly falling back to the sandbox or failing the first call. A real call needs the realtime voice
 * agent's key too. Twilio reaches the app at PUBLIC_URL, which must be https
 * (http only on a loopback address, for a local stand-in).
 */
export function twilioConfigProblems(env: TwilioEnv): ConfigProblem[] {
  const credentials = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const;
  const set = credentials.filter((name) => env[name]);
  if (set.length === 0) return [];
  const problems: ConfigProblem[] = credentials
    .filter((name) => !env[name])
    .map((variable) => ({ variable, problem: `must be set when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set (Twilio needs all three)` }));
  if (!env.OPENAI_API_KEY) {
    problems.push({ variable: 'OPENAI_API_KEY', problem: 'must be set when Twilio places calls: the realtime voice agent holds the conversation' });
  }
  if (!env.PUBLIC_URL) {
    problems.push({ variable: 'PUBLIC_URL', problem: 'must be set when Twilio places calls: its webhooks and media streams reach the app there' });
  } else {
    const url = new URL(env.PUBLIC_URL);
    if (url.protocol !== 'https:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      problems.push({ variable: 'PUBLIC_URL', problem: 'must be an https URL when Twilio places calls (http only on a loopback address)' });
    }
  }
  return problems;
}
