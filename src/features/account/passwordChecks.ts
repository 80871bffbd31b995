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

/** What is wrong with a field, as a name: its words are the shown language's, found when it renders. */
export type FieldProblem = 'enterCurrent' | 'tooShort' | 'tooLong' | 'notTheCurrent' | 'notTheSame' | 'wrongCurrent' | 'refused';
export type FieldProblems = Partial<Record<keyof PasswordFields, FieldProblem>>;

/** What is wrong with the form before it is sent. */
export function checkFields({ current, next, repeat }: PasswordFields): FieldProblems {
  const problems: FieldProblems = {};
  if (current === '') problems.current = 'enterCurrent';
  if ([...next].length < PASSWORD_RULES.minLength) problems.next = 'tooShort';
  else if ([...next].length > PASSWORD_RULES.maxLength) problems.next = 'tooLong';
  else if (next === current) problems.next = 'notTheCurrent';
  if (!problems.next && repeat !== next) problems.repeat = 'notTheSame';
  return problems;
}

export function problemText(problem: FieldProblem, t: Texts, format: Formatters): string {
  if (problem === 'tooShort') return t.atLeast({ count: format.number(PASSWORD_RULES.minLength) });
  if (problem === 'tooLong') return t.atMost({ count: format.number(PASSWORD_RULES.maxLength) });
  return t[problem];
}

/** The server's refusal, told calmly: beside the field it is about, or for the whole form. */
export function serverErrors(error: ApiError | null, t: Texts): { fields: FieldProblems; form: string | null } {
  if (!error) return { fields: {}, form: null };
  if (error.code === 'incorrect_password') return { fields: { current: 'wrongCurrent' }, form: null };
  if (error.code === 'rest_invalid_param' && error.params?.newPassword) return { fields: { next: 'refused' }, form: null };
  if (error.status === 404) return { fields: {}, form: t.notAvailable };
  return { fields: {}, form: t.notChanged({ reason: failureMessage(error) }) };
}
