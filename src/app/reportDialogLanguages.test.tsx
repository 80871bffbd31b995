import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from './AppProviders';
import { createAppStore } from './store';
import { showQaLanguage, textsNotFromCatalogue } from '../../test/catalogueTexts';
import { createFakeApi } from '../../test/fakeApi';
import { createMemoryStorage } from '../../test/memoryStorage';
import { testConfig } from '../../test/renderApp';
import ReportDialog from '../features/report/ReportDialog';

/** The dialog about a crash, as the error screen opens it. */
function openDialog() {
  const { store, persistor, sagaTask } = createAppStore({
    api: createFakeApi(),
    navigator: { navigate: () => undefined },
    config: testConfig,
    storage: createMemoryStorage({}),
  });
  render(
    <AppProviders store={store} persistor={persistor}>
      <ReportDialog error={{ message: 'x is undefined', stack: 'at Gallery', source: 'window' }} onClose={() => undefined} />
    </AppProviders>,
  );
  return { sagaTask, user: userEvent.setup() };
}

describe('Report a problem in other languages', () => {
  it('takes every text from a catalogue (the QA language), the note asked for included', async () => {
    const { user, sagaTask } = openDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText('Write a few words about what happened.');
    await showQaLanguage();
    expect(within(dialog).getByText('⟦Write a few words about what happened.⟧')).toBeInTheDocument();
    expect(textsNotFromCatalogue(dialog)).toEqual([]);
    sagaTask?.cancel();
  });

  it('in Hebrew and Spanish, with the length limit written as each language writes numbers (Spanish groups from five digits)', async () => {
    const { sagaTask } = openDialog();
    await screen.findByRole('dialog', { name: 'Report a problem' });
    await showQaLanguage('he');
    const dialog = screen.getByRole('dialog', { name: 'דיווח על תקלה' });
    expect(within(dialog).getByLabelText('מה קרה?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'שליחת הדיווח' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('0 מתוך 1,000 תווים.');
    await showQaLanguage('es');
    expect(screen.getByRole('dialog', { name: 'Reportar un problema' })).toHaveTextContent('0 de 1000 caracteres.');
    sagaTask?.cancel();
  });
});
