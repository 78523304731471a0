import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { AuthUser } from '../auth-context';
import { type FieldErrors, fieldErrorsOf, formErrorOf } from './form-errors';

interface AuthFormOptions<Field extends string> {
  initial: Record<Field, string>;
  /** Checks made before anything is sent; any message stops the submit. */
  validate(values: Record<Field, string>): FieldErrors<Field>;
  send(values: Record<Field, string>): Promise<AuthUser>;
  onDone(user: AuthUser): void;
}

/**
 * The state of a sign-in or sign-up form: values, per-field errors (cleared as the field changes),
 * the form-wide error and the submitting flag; the server's field errors land on their fields.
 */
export function useAuthForm<Field extends string>({ initial, validate, send, onDone }: AuthFormOptions<Field>) {
  const fields = Object.keys(initial) as Field[];
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = validate(values);
    setErrors(local);
    setFormError(null);
    if (Object.values(local).some(Boolean)) return;
    setSubmitting(true);
    try {
      onDone(await send(values));
    } catch (error) {
      const fromServer = fieldErrorsOf(error, fields);
      setErrors(fromServer);
      setFormError(formErrorOf(error, fromServer));
      setSubmitting(false);
    }
  };

  return { values, errors, formError, submitting, change, submit };
}
