import { REPORT_SECRET_KEYS } from '../../contract/reportSecretKeys';
import { createRedactor, REDACTED } from '../shared/redaction';

/**
 * Redux DevTools sanitisers: the token, passwords, AUTH_KEY and typed codes never reach the
 * extension (a shared classroom tablet may have it open). The QA action recorder uses the same
 * two functions, so a downloaded action log holds no secret either.
 */
const SECRET_KEYS = new Set<string>(REPORT_SECRET_KEYS);
const devTools = createRedactor(SECRET_KEYS);

export { REDACTED };

export function redactSecrets<T>(value: T): T {
  return devTools.state(value);
}

export const sanitizeAction = devTools.action;
export const sanitizeState = devTools.state;
