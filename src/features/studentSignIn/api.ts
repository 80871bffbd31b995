/** A student's sign-in: the login name, a new password, the sign-in mail to the parent (contract/credentials.ts). */
import { CREDENTIAL_PATHS, type StudentCredentials, type StudentPasswordReset } from '../../../contract';
import { unexpectedAnswer } from '../../api/errors';
import { expectRecord, ignoreAnswer, portalCall } from '../../api/portalCall';

type Fields<T> = Partial<Record<keyof T, unknown>>;

/** The login name is what the section shows: without it the answer is not one; a last sign-in not given is never. */
function credentials(answer: unknown): StudentCredentials {
  const { loginName, lastSignInAt } = expectRecord<Fields<StudentCredentials>>(answer);
  if (typeof loginName !== 'string') throw unexpectedAnswer();
  return { loginName, lastSignInAt: typeof lastSignInAt === 'string' ? lastSignInAt : null };
}

/** The new password is told only this once: an answer without it is no reset the owner can pass on. */
function reset(answer: unknown): StudentPasswordReset {
  const { loginName, password } = expectRecord<Fields<StudentPasswordReset>>(answer);
  if (typeof loginName !== 'string' || typeof password !== 'string' || password === '') throw unexpectedAnswer();
  return { loginName, password };
}

export const getStudentCredentials = portalCall((studentId: number) => ({ method: 'GET', path: CREDENTIAL_PATHS.studentCredentials(studentId) }), credentials);

/** A generated password replaces the old one at once. */
export const resetStudentPassword = portalCall((studentId: number) => ({ method: 'POST', path: CREDENTIAL_PATHS.studentPassword(studentId) }), reset);

/** Mails the sign-in details to the parent; the old password works until the new one is used. */
export const sendSignInMail = portalCall((studentId: number) => ({ method: 'POST', path: CREDENTIAL_PATHS.studentSignInMail(studentId) }), ignoreAnswer);
