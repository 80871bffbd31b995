import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { bindLanguage } from './languageBinding';

const views: { unmount: () => void }[] = [];
const open = (options: Parameters<typeof renderApp>[0] = {}) => {
  const view = renderApp(options);
  views.push(view);
  return view;
};
afterEach(() => views.splice(0).forEach((v) => v.unmount()));

describe('the language on the page', () => {
  it('signs in in Hebrew, right to left; the menu switches the language, and the choice outlives the sign-out', async () => {
    const { store, user } = open();
    const unbind = bindLanguage(store);
    try {
      await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
      expect(document.documentElement).toHaveAttribute('dir', 'ltr');

      // The signed-out language select appears once the page is usable.
      await user.selectOptions(await screen.findByLabelText('Language'), 'he');
      expect(await screen.findByRole('heading', { name: 'ברוכים הבאים ל-Youngengineer Online' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(document.documentElement).toHaveAttribute('lang', 'he');

      await user.click(screen.getByRole('button', { name: 'התחברות' }));
      expect(screen.getByRole('alert')).toHaveTextContent('יש להזין אימייל או שם משתמש');
      await user.type(screen.getByLabelText('שם משתמש או אימייל'), 'mia');
      await user.type(screen.getByLabelText('סיסמה'), 'demo-student-2026');
      await user.click(screen.getByRole('checkbox'));
      expect(screen.getByRole('checkbox')).toHaveAccessibleName(/אני מסכים\/ה ל\s?תנאי השימוש/);
      await user.click(screen.getByRole('button', { name: 'התחברות' }));

      expect(await screen.findByText('שלום Mia Levi')).toHaveAttribute('translate', 'no');
      await user.click(await screen.findByRole('button', { name: 'תפריט' }));
      const menu = screen.getByRole('menu');
      expect(within(menu).getByRole('menuitem', { name: 'הוראות בנייה' })).toBeInTheDocument();
      expect(within(menu).getByRole('menuitem', { name: /עברית/ })).toHaveAttribute('aria-current', 'true');

      await user.click(within(menu).getByRole('menuitem', { name: 'Español' }));
      expect(await screen.findByText('Hola, Mia Levi')).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('dir', 'ltr');
      expect(document.documentElement).toHaveAttribute('lang', 'es');

      await user.click(screen.getByRole('button', { name: 'Menú' }));
      await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
      expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida a Youngengineer Online' })).toBeInTheDocument();
      expect(screen.getByLabelText('Idioma')).toHaveValue('es');
      await waitFor(() => expect(document.title).toBe('Iniciar sesión · Youngengineer Online'));
    } finally {
      unbind();
    }
  });
});
