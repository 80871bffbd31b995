/**
 * Redux DevTools sanitisers: the token, passwords, AUTH_KEY and typed codes never reach the
 * extension (a shared classroom tablet may have it open). The QA action recorder uses the same
 * two functions, so a downloaded action log holds no secret either.
 */
const SECRET_KEYS = new Set([
  'token',
  'jwt',
  'accessToken',
  'refreshToken',
  'password',
  'newPassword',
  'currentPassword',
  'oldPassword',
  'confirmPassword',
  'passwordConfirmation',
  'authKey',
  'AUTH_KEY',
  'unlockCode',
  'enteredCode',
  'lesson_password',
  'lessonPassword',
  // A printed sign-in card's link carries its token.
  'signInLink',
]);
/**
 * In an unlock action (content/unlockCodeChanged) and under an unlock key of the state
 * (content.unlock[lessonId].code), `code` is what the student typed; elsewhere it is an error code
 * worth keeping (an ApiError under `error` keeps its code).
 */
const UNLOCK_KEYS = new Set([...SECRET_KEYS, 'code']);
const UNLOCK = /unlock/i;
const isUnlockAction = (action: unknown): boolean =>
  action !== null && typeof action === 'object' && UNLOCK.test(String((action as { type?: unknown }).type ?? ''));

const innerKeys = (key: string, keys: ReadonlySet<string>): ReadonlySet<string> =>
  UNLOCK.test(key) ? UNLOCK_KEYS : key === 'error' ? SECRET_KEYS : keys;

export const REDACTED = '[redacted]';

export function redactSecrets<T>(value: T, keys: ReadonlySet<string> = SECRET_KEYS): T {
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, keys)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      out[key] = keys.has(key) && inner !== null && inner !== undefined ? REDACTED : redactSecrets(inner, innerKeys(key, keys));
    }
    return out as T;
  }
  return value;
}

export const sanitizeAction = <A>(action: A): A => redactSecrets(action, isUnlockAction(action) ? UNLOCK_KEYS : SECRET_KEYS);
export const sanitizeState = <S>(state: S): S => redactSecrets(state);
