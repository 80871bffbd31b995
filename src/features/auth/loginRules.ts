/** The login form's rules and messages (docs/spec/portal-spec.md sections 5 and 8). */
import { ACCOUNT_ENDED_MESSAGE, OWNER_DEACTIVATED_MESSAGE, SEVERAL_ACCOUNTS_MESSAGE } from '../../../contract/signInStatus';

/** Login validation, checked in order (docs/spec/portal-spec.md section 5). */
export const loginMessages = {
  username: 'Enter an email or username',
  password: 'Enter password',
  terms: 'you must agree to the terms of use',
  /** Any failure, network included (docs/spec/portal-spec.md section 8). */
  failed: 'Wrong username or password',
  /** A student whose lessons were ended. */
  ended: ACCOUNT_ENDED_MESSAGE,
  /** An e-mail a family's children share. */
  sharedEmail: SEVERAL_ACCOUNTS_MESSAGE,
  /** A franchise owner the office deactivated. */
  deactivated: OWNER_DEACTIVATED_MESSAGE,
  /** The password was right, but neither the login answer nor users/me named a portal role. */
  lackedRole:
    "This site did not say whether you are an administrator, a franchise owner or a student. Please ask its administrator to check your account.",
} as const;

/** The first failing login rule, or null when the form may be sent. */
export function validateLogin(input: { username: string; password: string; agreed: boolean }): 'username' | 'password' | 'terms' | null {
  if (input.username.trim() === '') return 'username';
  if (input.password === '') return 'password';
  if (!input.agreed) return 'terms';
  return null;
}
