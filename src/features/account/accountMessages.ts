import type { ApiError } from '../../api/types';
import { failureMessage } from '../../shared/failureMessage';
import { PASSWORD_RULES } from '../../../contract';

export interface PasswordFields {
  current: string;
  next: string;
  repeat: string;
}

export type FieldErrors = Partial<Record<keyof PasswordFields, string>>;

/** What is wrong with the form before it is sent. */
export function checkFields({ current, next, repeat }: PasswordFields): FieldErrors {
  const errors: FieldErrors = {};
  if (current === '') errors.current = 'Enter your current password.';
  if ([...next].length < PASSWORD_RULES.minLength) errors.next = `Use at least ${PASSWORD_RULES.minLength} characters.`;
  else if ([...next].length > PASSWORD_RULES.maxLength) errors.next = `Use at most ${PASSWORD_RULES.maxLength} characters.`;
  else if (next === current) errors.next = 'Choose a password other than the current one.';
  if (!errors.next && repeat !== next) errors.repeat = 'The two new passwords are not the same.';
  return errors;
}

/** The server's refusal, told calmly: beside the field it is about, or for the whole form. */
export function serverErrors(error: ApiError | null): { fields: FieldErrors; form: string | null } {
  if (!error) return { fields: {}, form: null };
  if (error.code === 'incorrect_password') return { fields: { current: 'That is not your current password.' }, form: null };
  if (error.code === 'rest_invalid_param' && error.params?.newPassword) return { fields: { next: 'The server did not accept this password. Choose another one.' }, form: null };
  if (error.status === 404) return { fields: {}, form: 'Changing the password is not available on this site.' };
  return { fields: {}, form: `Your password was not changed. ${failureMessage(error)}` };
}
