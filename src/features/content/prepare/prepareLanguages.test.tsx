import { screen, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../../test/renderApp';
import { showQaLanguage, textsNotFromCatalogue } from '../../../../test/catalogueTexts';
import { createContentApi } from '../../../../test/fixtures/content';
import { classPrepActions } from './classPrepSlice';

describe('Prepare for class in other languages', () => {
  it('says its progress in Spanish, with numbers as Spanish writes them, and every text from the catalogue', async () => {
    // The first model's lesson is still on its way: the preparation stays on screen, running.
    const view = renderApp({
      route: '/select-model/PlayMachines1/130',
      session: signedInAs('dana'),
      api: createContentApi({ viewer: 'owner', overrides: { getLesson: () => new Promise(() => undefined) } }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Prepare for class' }));
    const panel = screen.getByRole('region', { name: 'Prepare for class' });
    await within(panel).findByText(/^Saving \d+ of \d+ files…$/);

    await showQaLanguage('es');
    view.store.dispatch(classPrepActions.counted({ total: 12040 }));
    expect(await within(panel).findByText('Guardando 0 de 12.040 archivos…')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Preparar para la clase' })).toBe(panel);

    await showQaLanguage();
    expect(textsNotFromCatalogue(panel)).toEqual([]);
    view.unmount();
  });
});
