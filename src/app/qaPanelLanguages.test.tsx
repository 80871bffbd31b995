import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from './AppProviders';
import { sanitizeAction, sanitizeState } from './devToolsSanitizers';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION } from './persist';
import { sessionMigrations } from './sessionMigrations';
import { loadReplayReducer } from './replayReducer';
import { createAppStore } from './store';
import { showQaLanguage, textsNotFromCatalogue } from '../../test/catalogueTexts';
import { createFakeApi } from '../../test/fakeApi';
import { createMemoryStorage } from '../../test/memoryStorage';
import { testConfig } from '../../test/renderApp';
import { QaLauncher } from '../qa/QaLauncher';
import { createQaTools } from '../qa/qaTools';
import { exportLog } from '../qa/exportLog';

let replayReducer: Awaited<ReturnType<typeof loadReplayReducer>>;
beforeAll(async () => {
  replayReducer = await loadReplayReducer();
});


jest.setTimeout(20_000);

/** The QA button and panel on a store that records its actions, as bootstrap.tsx composes them. */
async function openPanel() {
  const qa = createQaTools({ redactAction: sanitizeAction, redactState: sanitizeState, loadReducer: async () => replayReducer, persistVersion: SESSION_PERSIST_VERSION, persistKey: `persist:${SESSION_PERSIST_KEY}`, migrations: sessionMigrations });
  const created = createAppStore({ api: createFakeApi(), navigator: { navigate: () => undefined }, config: { ...testConfig, qaPanel: true }, storage: createMemoryStorage({}), middleware: qa.middleware });
  qa.attach(created);
  render(
    <AppProviders store={created.store} persistor={created.persistor}>
      <QaLauncher tools={qa} />
    </AppProviders>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open the QA panel' }));
  const panel = await screen.findByRole('region', { name: 'QA panel' });
  return { panel, qa, user, stop: () => created.sagaTask?.cancel() };
}

describe('the QA panel in other languages', () => {
  it('takes every text from a catalogue (the QA language), recording and replaying', async () => {
    const { panel, qa, user, stop } = await openPanel();
    await showQaLanguage();
    expect(textsNotFromCatalogue(panel)).toEqual([]);

    const file = new File([JSON.stringify(exportLog(qa.recorder))], 'log.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText(/Replay a log/), file);
    await screen.findByTestId('qa-replay-step');
    expect(screen.getByRole('button', { name: '⟦Exit replay⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(panel)).toEqual([]);
    stop();
  });

  it('in Hebrew: the count and the controls in Hebrew', async () => {
    const { panel, qa, stop } = await openPanel();
    await showQaLanguage('he');
    expect(panel).toHaveTextContent(`נרשמו ${qa.recorder.size()} פעולות.`);
    expect(screen.getByRole('button', { name: 'הורדת יומן הפעולות' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'חלונית QA' })).toBe(panel);
    stop();
  });
});

it('says in Hebrew why a file is not an action log it can replay', async () => {
  const { panel, user, stop } = await openPanel();
  await showQaLanguage('he');
  const file = new File([JSON.stringify({ hello: 'world' })], 'log.json', { type: 'application/json' });
  await user.upload(screen.getByLabelText(/הפעלה חוזרת של יומן/), file);
  expect(await screen.findByRole('alert')).toHaveTextContent('הקובץ הזה אינו יומן פעולות של Youngengineer Online.');
  expect(panel).toContainElement(screen.getByRole('alert'));
  stop();
});
