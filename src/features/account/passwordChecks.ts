import type { ApiError } from '../../api/types';
import { failureMessage } from '../../shared/failureMessage';
import type { Formatters } from '../../shared/i18n/formatting';
import { PASSWORD_RULES } from '../../../contract';
import type { accountMessages } from './account.messages';

type Texts = ReturnType<typeof accountMessages.get>;

export interface PasswordFields {
  current: string;
  next: string;
  repeat: string;
}

export type FieldErrors = Partial<Record<keyof PasswordFields, string>>;

/** What is wrong with the form before it is sent. */
export function checkFields({ current, next, repeat }: PasswordFields, t: Texts, format: Formatters): FieldErrors {
  const errors: FieldErrors = {};
  if (current === '') errors.current = t.enterCurrent;
  if ([...next].length < PASSWORD_RULES.minLength) errors.next = t.atLeast({ count: format.number(PASSWORD_RULES.minLength) });
  else if ([...next].length > PASSWORD_RULES.maxLength) errors.next = t.atMost({ count: format.number(PASSWORD_RULES.maxLength) });
  else if (next === current) errors.next = t.notTheCurrent;
  if (!errors.next && repeat !== next) errors.repeat = t.notTheSame;
  return errors;
}

/** The server's refusal, told calmly: beside the field it is about, or for the whole form. */
export function serverErrors(error: ApiError | null, t: Texts): { fields: FieldErrors; form: string | null } {
  if (!error) return { fields: {}, form: null };
  if (error.code === 'incorrect_password') return { fields: { current: t.wrongCurrent }, form: null };
  if (error.code === 'rest_invalid_param' && error.params?.newPassword) return { fields: { next: t.refused }, form: null };
  if (error.status === 404) return { fields: {}, form: t.notAvailable };
  return { fields: {}, form: t.notChanged({ reason: failureMessage(error) }) };
}
