import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { readPersisted } from '../../../test/memoryStorage';

const views: { unmount: () => void }[] = [];
const open = (...args: Parameters<typeof renderApp>) => {
  const view = renderApp(...args);
  views.push(view);
  return view;
};
afterEach(() => views.splice(0).forEach((v) => v.unmount()));

const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitem');

describe('header and menus', () => {
  it.each([
    ['admin', '/admin/Franchise_Owners_List', 'Office Admin', [
      ['Franchise Owners', '/admin/Franchise_Owners_List'],
      ['All Students List', '/admin/all_students_list'],
      ['Sign Up New Franchise', '/admin/sign_up_new_franchise/Office%20Admin'],
      ['Building Instructions', '/building_instructions/Office%20Admin'],
      ['Lesson Plans', '/lesson_plans/Office%20Admin'],
    ]],
    ['dana', '/students_list/Dana%20Cohen', 'Dana Cohen', [
      ['Students List', '/students_list/Dana%20Cohen'],
      ['Sign Up New Student', '/sign_up_new_student/Dana%20Cohen'],
      ['Building Instructions', '/building_instructions/Dana%20Cohen'],
      ['Lesson Plans', '/lesson_plans/Dana%20Cohen'],
    ]],
    ['mia', '/building_instructions/Mia%20Levi', 'Mia Levi', [['Building Instructions', '/building_instructions/Mia%20Levi']]],
  ] as const)('shows %s the greeting and exactly their menu', async (login, route, name, expected) => {
    const { user } = open({ route, session: signedInAs(login) });
    expect(await screen.findByText(`Hi ${name}`)).toBeInTheDocument();
    const gear = await screen.findByRole('button', { name: 'Menu' });
    expect(gear).toHaveAttribute('aria-haspopup', 'menu');
    expect(gear).toHaveAttribute('aria-expanded', 'false');
    await user.click(gear);
    expect(gear).toHaveAttribute('aria-expanded', 'true');
    const items = menuItems();
    const links = items.slice(0, expected.length).map((item) => [item.textContent, item.getAttribute('href')]);
    expect(links).toEqual(expected.map(([label, href]) => [label, href]));
    expect(items.slice(expected.length).map((item) => item.textContent)).toEqual(['My account', 'Terms of use', 'English ✓', 'עברית', 'Español', 'Log out']);
  });

  it('is keyboard operable: arrows move, Escape closes and focus returns to the gear', async () => {
    const { user } = open({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana') });
    await screen.findByText('Hi Dana Cohen');
    const gear = await screen.findByRole('button', { name: 'Menu' });
    gear.focus();
    await user.keyboard('{Enter}');
    expect(menuItems()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(menuItems()[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(menuItems().at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(menuItems()[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(gear).toHaveFocus();
    expect(gear).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowUp}');
    expect(menuItems().at(-1)).toHaveTextContent('Log out');
    expect(menuItems().at(-1)).toHaveFocus();
  });

  it('follows a menu link and closes the menu', async () => {
    const { user, router } = open({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana') });
    await screen.findByText('Hi Dana Cohen');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Lesson Plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lesson_plans/Dana%20Cohen'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('logs out: clears the stored session and returns to the login at /', async () => {
    const { user, router, store, storage } = open({
      route: '/building_instructions/Mia%20Levi',
      session: signedInAs('mia', { unlockedLessonIds: [201], unlockedModels: { Catapult: true } }),
    });
    await screen.findByText('Hi Mia Levi');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' })).toBeInTheDocument();
    expect(screen.queryByText(/Hi Mia/)).not.toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ token: null, userName: null, userId: null, userRole: null, unlockedLessonIds: [], unlockedModels: {} });
    await waitFor(() => expect(readPersisted(storage.data.get('persist:session'))).toMatchObject({ token: null, userName: null, userId: null, userRole: null }));
  });

  it('has home and go-back links', async () => {
    const { user, router } = open({ route: '/building_instructions/Mia%20Levi', session: signedInAs('mia') });
    await screen.findByText('Hi Mia Levi');
    expect(screen.getByRole('link', { name: 'Youngengineer Online (home)' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
