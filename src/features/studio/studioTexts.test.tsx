import { screen, waitFor, within } from '@testing-library/react';
import type { StudioModelInput } from '../../../contract/studio';
import { fakeStudio, model, renderStudio, step } from '../../../test/fixtures/studio';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

/** A model with one tab, Build, of two steps: the first with its English text, the second with none. */
function catapultStudio() {
  const studio = fakeStudio();
  studio.models.set(
    500,
    model(500, 130, 'Catapult', {
      showInDifferentTabs: true,
      tabs: [{ title: 'Build', titleTranslations: {}, steps: [step('arm', { description: 'Put the arm on the base' }), step('band')], video: null }],
    }),
  );
  return studio;
}

const savedInput = (studio: ReturnType<typeof fakeStudio>) => studio.calls.filter((c) => c.method === 'saveModel').at(-1)?.args[1] as StudioModelInput | undefined;

describe("the model editor: tab names and step texts per language", () => {
  it('gives the tab a name and the steps texts in Spanish and Hebrew beside the English, saved with the draft', async () => {
    const studio = catapultStudio();
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await screen.findByRole('heading', { name: 'Catapult' });
    const languages = screen.getByRole('group', { name: 'Language of the tab names and step texts' });
    expect(within(languages).getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['English', 'עברית', 'Español']);
    expect(within(languages).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByLabelText('Tab 1 title')).toHaveValue('Build');
    expect(screen.getByLabelText('Step 1 text')).toHaveValue('Put the arm on the base');

    // Spanish: the English shows as what to translate.
    await user.click(within(languages).getByRole('radio', { name: 'Español' }));
    const spanishTitle = screen.getByLabelText('Tab 1 title in Spanish');
    expect(spanishTitle).toHaveValue('');
    expect(spanishTitle).toHaveAttribute('placeholder', 'Build');
    expect(spanishTitle).toHaveAttribute('lang', 'es');
    await user.type(spanishTitle, 'Construir');
    expect(screen.getByLabelText('Step 1 text in Spanish')).toHaveAttribute('placeholder', 'Put the arm on the base');
    await user.type(screen.getByLabelText('Step 1 text in Spanish'), 'Pon el brazo sobre la base');
    await user.type(screen.getByLabelText('Step 2 text in Spanish'), 'Añade la goma');

    // Hebrew: typed right to left.
    await user.click(within(languages).getByRole('radio', { name: 'עברית' }));
    const hebrewTitle = screen.getByLabelText('Tab 1 title in Hebrew');
    expect(hebrewTitle).toHaveAttribute('dir', 'rtl');
    expect(hebrewTitle).toHaveAttribute('lang', 'he');
    expect(screen.getByLabelText('Step 1 text in Hebrew')).toHaveAttribute('dir', 'rtl');
    await user.type(hebrewTitle, 'בנייה');

    // English is as it was; the second step gets an English text too.
    await user.click(within(languages).getByRole('radio', { name: 'English' }));
    expect(screen.getByLabelText('Tab 1 title')).toHaveValue('Build');
    await user.type(screen.getByLabelText('Step 2 text'), 'Add the rubber band');
    // Back in Spanish, what was typed is there; a text emptied again is left out.
    await user.click(within(languages).getByRole('radio', { name: 'Español' }));
    expect(screen.getByLabelText('Tab 1 title in Spanish')).toHaveValue('Construir');
    await user.clear(screen.getByLabelText('Step 2 text in Spanish'));

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(/Draft saved/);
    const tab = savedInput(studio)!.tabs[0]!;
    expect(tab).toMatchObject({ title: 'Build', titleTranslations: { es: 'Construir', he: 'בנייה' } });
    expect(tab.steps.map(({ description, descriptionTranslations }) => ({ description, descriptionTranslations }))).toEqual([
      { description: 'Put the arm on the base', descriptionTranslations: { es: 'Pon el brazo sobre la base' } },
      { description: 'Add the rubber band', descriptionTranslations: {} },
    ]);
    // The form starts again from the saved model: the texts stay, in the chosen language.
    await waitFor(() => expect(screen.getByLabelText('Tab 1 title in Spanish')).toHaveValue('Construir'));
    expect(screen.getByLabelText('Step 1 text in Spanish')).toHaveValue('Pon el brazo sobre la base');
  });

  it('keeps a step’s texts when its picture is replaced', async () => {
    const studio = catapultStudio();
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await screen.findByRole('heading', { name: 'Catapult' });
    await user.upload(screen.getByLabelText('Replace step 1'), new File([new Uint8Array(10)], 'arm-better.jpg', { type: 'image/jpeg' }));
    await screen.findByText('arm-better.jpg', { selector: 'figcaption span' });
    expect(screen.getByLabelText('Step 1 text')).toHaveValue('Put the arm on the base');
  });

  it('says it all in Hebrew, and every text of the switch and its fields comes from a catalogue', async () => {
    const studio = catapultStudio();
    const { user } = renderStudio({ route: '/studio/models/500', session: signedInAs('admin'), studio });
    await screen.findByRole('heading', { name: 'Catapult' });
    await showQaLanguage('he');
    const languages = screen.getByRole('group', { name: 'שפת שמות הלשוניות וטקסטי השלבים' });
    await user.click(within(languages).getByRole('radio', { name: 'Español' }));
    expect(screen.getByLabelText('שם לשונית 1 בספרדית')).toHaveAttribute('placeholder', 'Build');
    expect(screen.getByLabelText('טקסט שלב 1 בספרדית')).toBeInTheDocument();
    await showQaLanguage('es');
    await user.click(within(screen.getByRole('group', { name: /^Idioma de los nombres/ })).getByRole('radio', { name: 'עברית' }));
    expect(screen.getByLabelText('Título de la pestaña 1 en hebreo')).toHaveAttribute('dir', 'rtl');
    await showQaLanguage();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });
});
