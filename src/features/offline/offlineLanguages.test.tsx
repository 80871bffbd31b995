import { act, screen, waitFor } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { renderApp } from '../../../test/renderApp';

jest.mock('../../shared/offlineCaches', () => ({
  clearUserCaches: jest.fn(async () => undefined),
  serverAnswers: jest.fn(async () => false),
  savePicture: jest.fn(async () => undefined),
}));

afterEach(() => jest.restoreAllMocks());

async function showBanner() {
  const view = renderApp({ route: '/' });
  await waitFor(() => expect((view.store.getState() as { offline?: unknown }).offline).toBeDefined());
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  return (await screen.findByText('You are offline. Lessons you have opened still work.')).closest('[aria-live="polite"]')!;
}

describe('the offline banner in other languages', () => {
  it('takes its text from a catalogue (the QA language)', async () => {
    const banner = await showBanner();
    await showQaLanguage();
    expect(banner).toHaveTextContent('⟦You are offline. Lessons you have opened still work.⟧');
    expect(textsNotFromCatalogue(banner)).toEqual([]);
  });

  it('says so calmly in Hebrew and in Spanish', async () => {
    const banner = await showBanner();
    await showQaLanguage('he');
    expect(banner).toHaveTextContent('אין חיבור לאינטרנט. שיעורים שכבר פתחת עדיין עובדים.');
    await showQaLanguage('es');
    expect(banner).toHaveTextContent('Estás sin conexión. Las clases que ya abriste siguen funcionando.');
  });
});
