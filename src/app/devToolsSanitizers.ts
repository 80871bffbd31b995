/**
 * Redux DevTools sanitisers: the token, passwords, AUTH_KEY and typed codes never reach the
 * extension (a shared classroom tablet may have it open).
 */
const SECRET_KEYS = new Set(['token', 'password', 'newPassword', 'authKey', 'AUTH_KEY', 'unlockCode', 'enteredCode', 'lesson_password']);
export const REDACTED = '[redacted]';

export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SECRET_KEYS.has(key) && inner !== null && inner !== undefined ? REDACTED : redactSecrets(inner);
    }
    return out as T;
  }
  return value;
}

export const sanitizeAction = <A>(action: A): A => redactSecrets(action);
export const sanitizeState = <S>(state: S): S => redactSecrets(state);
