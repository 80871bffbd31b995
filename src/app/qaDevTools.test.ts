import { compose } from '@reduxjs/toolkit';
import { createFakeApi } from '../../test/fakeApi';
import { createMemoryStorage } from '../../test/memoryStorage';
import { testConfig } from '../../test/renderApp';
import { authActions } from '../features/auth/authSlice';
import { contentActions } from '../features/content/contentSlice';
import { REDACTED, sanitizeAction, sanitizeState } from './devToolsSanitizers';

describe('DevTools sanitisers cover every key the QA recorder meets', () => {
  it.each(['token', 'password', 'newPassword', 'confirmPassword', 'authKey', 'AUTH_KEY', 'enteredCode', 'unlockCode', 'lesson_password'])(
    'redact %s in actions and state',
    (key) => {
      expect(sanitizeAction({ type: 'any/thing', payload: { [key]: 'secret' } })).toEqual({ type: 'any/thing', payload: { [key]: REDACTED } });
      expect(sanitizeState({ slice: { nested: [{ [key]: 'secret' }] } })).toEqual({ slice: { nested: [{ [key]: REDACTED }] } });
    },
  );

  it('redact the login password and the typed unlock code, keeping the username and the e-mail', () => {
    expect(sanitizeAction(authActions.loginSubmitted({ username: 'mia', password: 'demo-student-2026' })).payload).toEqual({ username: 'mia', password: REDACTED });
    expect(sanitizeAction(authActions.passwordResetSubmitted({ email: 'mia@x.test' })).payload).toEqual({ email: 'mia@x.test' });
    expect(sanitizeAction(contentActions.unlockCodeChanged({ lessonId: 3, modelName: 'Crane', code: '1234' })).payload).toEqual({
      lessonId: 3,
      modelName: 'Crane',
      code: REDACTED,
    });
  });

  it("redact the code a student is typing in the state, but keep error codes", () => {
    const state = { content: { unlock: { 3: { status: 'locked', code: '12', message: null } } }, authFlow: { login: { error: { code: 'wrong_code' } } } };
    expect(sanitizeState(state)).toEqual({
      content: { unlock: { 3: { status: 'locked', code: REDACTED, message: null } } },
      authFlow: { login: { error: { code: 'wrong_code' } } },
    });
    const failed = { type: 'content/unlockFailed', payload: { lessonId: 3, error: { code: 'rest_forbidden' } } };
    expect(sanitizeAction(failed)).toEqual(failed);
  });
});

describe('Redux DevTools wiring in createAppStore', () => {
  afterEach(() => {
    delete (window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  });

  /** The extension is read when Redux Toolkit loads, so each case loads the store module afresh. */
  async function storeWithExtension(devTools: boolean) {
    const extension = jest.fn((_options: Record<string, unknown>) => compose);
    Object.assign(window, { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: extension });
    await jest.isolateModulesAsync(async () => {
      const { createAppStore } = await import('./store');
      const { sagaTask } = createAppStore({
        api: createFakeApi(),
        navigator: { navigate: () => undefined },
        config: testConfig,
        storage: createMemoryStorage(),
        devTools,
      });
      sagaTask?.cancel();
    });
    return extension;
  }

  it('connects with the app name, action traces and the sanitisers when enabled', async () => {
    const extension = await storeWithExtension(true);
    expect(extension).toHaveBeenCalledTimes(1);
    const options = extension.mock.calls[0]![0];
    expect(options).toMatchObject({ name: 'Youngengineer Online', trace: true });
    const sanitize = options.actionSanitizer as typeof sanitizeAction;
    expect(sanitize(authActions.loginSubmitted({ username: 'a', password: 'b' })).payload.password).toBe(REDACTED);
    expect((options.stateSanitizer as typeof sanitizeState)({ session: { token: 't' } })).toEqual({ session: { token: REDACTED } });
  });

  it('stays off when not enabled (a production build without config.devTools)', async () => {
    expect(await storeWithExtension(false)).not.toHaveBeenCalled();
  });
});
