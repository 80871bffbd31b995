/** Redaction of secrets and personal data in actions and states (Redux DevTools, QA action logs, problem reports). */

/**
 * In an unlock action (content/unlockCodeChanged) and under an unlock key of the state
 * (content.unlock[lessonId].code), `code` is what the student typed; elsewhere it is an error code
 * worth keeping (an ApiError under `error` keeps its code).
 */
const UNLOCK = /unlock/i;
const isUnlockAction = (action: unknown): boolean =>
  action !== null && typeof action === 'object' && UNLOCK.test(String((action as { type?: unknown }).type ?? ''));

export const REDACTED = '[redacted]';

export interface Redactor {
  action: <A>(action: A) => A;
  state: <S>(state: S) => S;
}

/** Redacts the values of the given keys anywhere in actions and states (null and absent values stay). */
export function createRedactor(secretKeys: ReadonlySet<string>): Redactor {
  const unlockKeys: ReadonlySet<string> = new Set([...secretKeys, 'code']);
  const innerKeys = (key: string, keys: ReadonlySet<string>): ReadonlySet<string> => (UNLOCK.test(key) ? unlockKeys : key === 'error' ? secretKeys : keys);
  const redact = <T>(value: T, keys: ReadonlySet<string>): T => {
    if (Array.isArray(value)) return value.map((item: unknown) => redact(item, keys)) as T;
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        out[key] = keys.has(key) && inner !== null && inner !== undefined ? REDACTED : redact(inner, innerKeys(key, keys));
      }
      return out as T;
    }
    return value;
  };
  return {
    action: (action) => redact(action, isUnlockAction(action) ? unlockKeys : secretKeys),
    state: (state) => redact(state, secretKeys),
  };
}

