/**
 * Why home opened on its search form: the first-call onboarding variant (`onboarding=first-call`,
 * spec section 2) or the New Call and Try Again buttons of My Calls (`action=new-call`).
 */
export type FormRequest = 'onboarding' | 'new-call' | null;

/** Home's query parameters that ask for the search form. */
export interface FormRequestParams {
  onboarding?: string | null;
  action?: string | null;
}

export function homeFormRequest({ onboarding, action }: FormRequestParams): FormRequest {
  if (onboarding === 'first-call') return 'onboarding';
  if (action === 'new-call') return 'new-call';
  return null;
}
