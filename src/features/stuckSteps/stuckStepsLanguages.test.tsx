import { screen, within } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { renderStuckSteps, stuckStep, stuckStepsBackend } from '../../../test/fixtures/stuckSteps';

jest.setTimeout(20_000);

const backend = () =>
  stuckStepsBackend({
    2: [
      stuckStep(131, 3, { tabIndex: 1, tabTitle: 'Wheels', stuckPresses: 7, stuckChildren: 3, medianSeconds: 125 }),
      stuckStep(131, 1, { stuckPresses: 1, stuckChildren: 1, medianSeconds: null, thumbnail: null }),
    ],
  });

describe('Where children get stuck in other languages', () => {
  afterEach(async () => {
    await showQaLanguage('en');
    document.documentElement.dir = 'ltr';
  });

  it("takes every text from a catalogue (the QA language): the administrator's filter, the steps and the studio's links", async () => {
    renderStuckSteps('/stuck_steps', 'admin', backend());
    await screen.findByRole('table');
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Where children get stuck⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('takes every text from a catalogue in the empty state too', async () => {
    renderStuckSteps('/stuck_steps', 'dana', stuckStepsBackend());
    await screen.findByText(/No child has been stuck yet/);
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('in Hebrew: right to left, its texts and times in Hebrew', async () => {
    // The administrator chose Hebrew: the page follows the stored choice, as the app does.
    const { unmount } = renderStuckSteps('/stuck_steps', 'admin', backend(), { language: 'he', bindLanguage: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'איפה ילדים נתקעים' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'he');
    const filter = screen.getByRole('combobox', { name: 'בעל/ת זיכיון' });
    expect(within(filter).getAllByRole('option')[0]).toHaveTextContent('כל בעלי הזיכיון');
    const wheels = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(within(wheels).getAllByRole('cell')[0]).toHaveTextContent('Wheels · שלב 3');
    expect(within(wheels).getByText('7 לחיצות של 3 ילדים')).toBeInTheDocument();
    expect(within(wheels).getByText('2 דק׳ 5 שנ׳')).toBeInTheDocument();
    expect(within(wheels).getByRole('link', { name: 'פתיחה בסטודיו: Catapult, שלב 3' })).toBeInTheDocument();
    unmount();
  });

  it('in Spanish: the columns and the counts', async () => {
    renderStuckSteps('/stuck_steps', 'admin', backend());
    const table = await screen.findByRole('table');
    await showQaLanguage('es');
    expect(screen.getByRole('heading', { level: 1, name: 'Dónde se atascan los niños' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Se detuvieron' })).toBeInTheDocument();
    const first = within(table).getAllByRole('row')[2]!;
    expect(within(first).getByText('1 pulsación de 1 niño')).toBeInTheDocument();
    expect(within(first).getByText('Ningún niño ha avanzado todavía')).toBeInTheDocument();
  });
});
