import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { chosenLanguage } from '../src/shared/i18n/i18n';

// Page tests drive the whole app through user-event; on a busy 2-core CI machine they can take
// several seconds. A generous limit keeps them from flaking without hiding a hang.
jest.setTimeout(20_000);

// findBy*/waitFor give up after 1 s by default, which a loaded CI machine can exceed while a saga
// and a lazy route settle; 5 s keeps a real failure failing without flaking on a slow runner.
configure({ asyncUtilTimeout: 5_000 });

// What one test's app left in the browser's storage (a place waiting to be saved, a queued
// report) must not reach the next test's app.
afterEach(() => window.localStorage.clear());

// A test that shows Hebrew or the QA language leaves the next one in English.
afterEach(() => chosenLanguage.set(undefined));
