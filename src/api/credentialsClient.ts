/**
 * The calls of contract/credentials.ts, made with the app's transport (so errors and expiry read as
 * everywhere else). Imported only by lazily loaded screens: nothing of it reaches the entry.
 */
import { CREDENTIAL_PATHS, type ChangeMyPasswordInput, type ChangeMyPasswordResponse, type StudentCredentials, type StudentPasswordReset } from '../../contract';
import { unexpectedAnswer } from './errors';
import { createTransport } from './transport';

export interface CredentialsApi {
  getStudentCredentials(studentId: number): Promise<StudentCredentials>;
  resetStudentPassword(studentId: number): Promise<StudentPasswordReset>;
  sendSignInMail(studentId: number): Promise<void>;
  changeMyPassword(input: ChangeMyPasswordInput): Promise<ChangeMyPasswordResponse>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function credentials(answer: unknown): StudentCredentials {
  if (!isObject(answer) || typeof answer.loginName !== 'string') throw unexpectedAnswer();
  return { loginName: answer.loginName, lastSignInAt: typeof answer.lastSignInAt === 'string' ? answer.lastSignInAt : null };
}

function reset(answer: unknown): StudentPasswordReset {
  if (!isObject(answer) || typeof answer.loginName !== 'string' || typeof answer.password !== 'string' || answer.password === '') throw unexpectedAnswer();
  return { loginName: answer.loginName, password: answer.password };
}

function freshToken(answer: unknown): ChangeMyPasswordResponse {
  if (!isObject(answer) || typeof answer.token !== 'string' || answer.token === '') throw unexpectedAnswer();
  return { token: answer.token };
}

/** `onExpired` runs when the server no longer accepts the session (the saga ends it). */
export function createCredentialsApi(siteUrl: string, token: string | null, onExpired: () => void): CredentialsApi {
  const send = createTransport({ siteUrl, getToken: () => token, onSessionExpired: onExpired });
  const post = (path: string, body?: object) => send({ method: 'POST', path, body, expiry: 'jwt' });
  return {
    getStudentCredentials: (id) => send({ method: 'GET', path: CREDENTIAL_PATHS.studentCredentials(id), expiry: 'jwt' }).then(credentials),
    resetStudentPassword: (id) => post(CREDENTIAL_PATHS.studentPassword(id)).then(reset),
    sendSignInMail: (id) => post(CREDENTIAL_PATHS.studentSignInMail(id)).then(() => undefined),
    changeMyPassword: (input) => post(CREDENTIAL_PATHS.myPassword, input).then(freshToken),
  };
}
