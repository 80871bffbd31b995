import { render } from '@testing-library/react';
import { defineMessages, useMessages } from './messages';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';

const messages = defineMessages('catalogueTextsCheck', { title: 'Pick a program', close: 'Close' });

function Screen({ hardCoded }: { hardCoded?: string }) {
  const t = useMessages(messages);
  return (
    <div>
      <h1>{t.title}</h1>
      <button type="button" aria-label={t.close}>
        ×
      </button>
      <p translate="no">Dana Cohen</p>
      <p>12 / 40</p>
      {hardCoded && <p>{hardCoded}</p>}
    </div>
  );
}

it('finds no text outside the catalogues on a screen built from them', async () => {
  const { container } = render(<Screen />);
  await showQaLanguage();
  expect(container.querySelector('h1')).toHaveTextContent('⟦Pick a program⟧');
  expect(textsNotFromCatalogue(container)).toEqual([]);
});

it('names a hard-coded text and a hard-coded label', async () => {
  const { container } = render(
    <>
      <Screen hardCoded="Loading…" />
      <input aria-label="Search" />
    </>,
  );
  await showQaLanguage();
  expect(textsNotFromCatalogue(container)).toEqual(['Loading…', 'aria-label="Search"']);
});
