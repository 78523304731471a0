import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn's score runs 0-4; 3 and up resists an online guessing attack well. */
export const MIN_PASSWORD_SCORE = 3;
/** A shorter local part ("al@…") appears inside too many good passwords to be worth refusing. */
const MIN_LOCAL_PART_LENGTH = 3;

export const PASSWORD_PROBLEMS = {
  isEmail: 'Your password must not be your e-mail address.',
  containsEmail: 'Your password must not contain your e-mail address.',
  guessable: 'This password is too common or too easy to guess. Try a longer phrase or add unusual words.',
} as const;

/** Whose password it is: what an attacker would try first. */
export interface PasswordOwner {
  readonly email: string;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
}

/** Why `password` may not be set for `owner`, in words for them; null when it may. */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | null> {
  const email = owner.email.trim().toLowerCase();
  const localPart = email.slice(0, email.lastIndexOf('@'));
  const lowered = password.toLowerCase();
  if (lowered === email) return PASSWORD_PROBLEMS.isEmail;
  if (localPart.length >= MIN_LOCAL_PART_LENGTH && lowered.includes(localPart)) return PASSWORD_PROBLEMS.containsEmail;
  const personal = [email, localPart, owner.firstName, owner.lastName].filter((input): input is string => Boolean(input));
  const { score } = (await strengthEstimator()).check(password, personal);
  return score < MIN_PASSWORD_SCORE ? PASSWORD_PROBLEMS.guessable : null;
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries take megabytes and a moment to index: loaded on the first check, once. */
function strengthEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        translations: english.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary },
      }),
  );
  return estimator;
}
