import { screen } from '@testing-library/react';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { createFakeApi, networkError } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const views: { unmount: () => void }[] = [];
const open = (api: ReturnType<typeof createFakeApi>) => {
  const view = renderApp({ route: '/terms_of_use', api });
  views.push(view);
  return view;
};
afterEach(() => views.splice(0).forEach((v) => v.unmount()));

describe('the terms of use in other languages', () => {
  it("takes the page's own texts from the catalogues and shows the CMS's terms as authored", async () => {
    open(createFakeApi({ getTermsPage: async () => ({ id: 51, title: 'Terms of Use', html: '<h2>Using the portal</h2><p>Be kind.</p>' }) }));
    await screen.findByText('Be kind.');
    await showQaLanguage();
    expect(screen.getByRole('link', { name: '⟦Go Back⟧' })).toBeInTheDocument();
    expect(screen.getByText('Be kind.')).toBeInTheDocument();
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('says in Hebrew that the terms could not be loaded, and offers to try again', async () => {
    open(createFakeApi({ getTermsPage: async () => Promise.reject(networkError()) }));
    await screen.findByRole('alert');
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1, name: 'תנאי שימוש' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('לא הצלחנו לטעון את תנאי השימוש.');
    expect(screen.getByRole('button', { name: 'לנסות שוב' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'חזרה' })).toBeInTheDocument();
  });
});
