import { cardSignInActions } from '../features/cardSignIn/cardSignInSlice';
import { signInCardsActions } from '../features/signInCards/signInCardsSlice';
import { authActions } from '../features/auth/authSlice';
import { familyActions } from '../features/family/familySlice';
import { sessionActions } from '../entities/session/sessionSlice';
import { REDACTED, redactSecrets, sanitizeAction, sanitizeState } from './devToolsSanitizers';

describe('Redux DevTools sanitisers', () => {
  it('hide the password of a login action but keep the username', () => {
    const action = authActions.loginSubmitted({ username: 'mia', password: 'demo-student-2026' });
    expect(sanitizeAction(action)).toEqual({ type: 'auth/loginSubmitted', payload: { username: 'mia', password: REDACTED } });
    expect(action.payload.password).toBe('demo-student-2026');
  });

  it('hide the token in login results and in state, at any depth', () => {
    const state = {
      session: { token: 'eyJhbGciOi.secret.sig', userName: 'Dana Cohen', valid: true },
      config: { authKey: 'shared-key', supportEmail: 'team@x.test' },
      lessons: { entities: { 1: { id: 1, unlockCode: '2468' } } },
      list: [{ AUTH_KEY: 'k', newPassword: 'p', lesson_password: ['1357'] }],
    };
    expect(sanitizeState(state)).toEqual({
      session: { token: REDACTED, userName: 'Dana Cohen', valid: true },
      config: { authKey: REDACTED, supportEmail: 'team@x.test' },
      lessons: { entities: { 1: { id: 1, unlockCode: REDACTED } } },
      list: [{ AUTH_KEY: REDACTED, newPassword: REDACTED, lesson_password: REDACTED }],
    });
  });

  it("hide a card sign-in's token and a printed card's link (it carries the token)", () => {
    expect(sanitizeAction(cardSignInActions.submitted({ token: 'A'.repeat(43) })).payload).toEqual({ token: REDACTED });
    const printed = signInCardsActions.printReady([{ id: 1, studentId: 10, firstName: 'Mia', signInLink: 'https://portal.test/card-sign-in#token=secret' }]);
    expect(JSON.stringify(sanitizeAction(printed))).not.toContain('secret');
    expect(sanitizeState({ signInCards: { print: { cards: printed.payload } } })).toEqual({ signInCards: { print: { cards: [{ id: 1, studentId: 10, firstName: 'Mia', signInLink: REDACTED }] } } });
  });

  it("hide a parent's sign-in link and unsubscribe secrets and the family session's token", () => {
    expect(sanitizeAction(familyActions.signInOpened({ token: 'L'.repeat(43) })).payload).toEqual({ token: REDACTED });
    expect(sanitizeAction(familyActions.unsubscribeOpened({ token: 'U'.repeat(43) })).payload).toEqual({ token: REDACTED });
    const signedIn = sessionActions.familySignedIn({ token: 'family.jwt.sig', email: 'parent.mia@demo.portal.test', parentName: 'Rina Levi', language: 'en', expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(JSON.stringify(sanitizeAction(signedIn))).not.toContain('family.jwt.sig');
    expect(sanitizeState({ session: { token: null, family: signedIn.payload } })).toMatchObject({ session: { token: null, family: { token: REDACTED } } });
  });

  it('leave empty secrets visible (so a signed-out state reads as signed out) and other values alone', () => {
    expect(redactSecrets({ token: null, password: undefined, n: 1, s: 'x', b: false })).toEqual({ token: null, password: undefined, n: 1, s: 'x', b: false });
    expect(redactSecrets('plain')).toBe('plain');
    expect(redactSecrets(null)).toBeNull();
  });
});
