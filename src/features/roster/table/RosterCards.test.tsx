import { screen, waitFor, within } from '@testing-library/react';
import { signedInAs } from '../../../../test/renderApp';
import { manyStudents, renderRoster, rosterApi } from '../../../../test/fixtures/roster';
import { matchOnly } from '../../../../test/matchMedia';
import { fakeLayoutBox } from '../../../../test/layoutBox';

/** A phone: the roster's media query (mobile, 767 px and below) matches. */
const onAPhone = () => matchOnly('(max-width: 767px)');

const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).forEach((fn) => fn()));

describe('Roster lists on a phone', () => {
  it('shows a card per student with name, program, dates and lessons; the rest opens with the keyboard', async () => {
    undo.push(onAPhone());
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    const list = await screen.findByRole('list', { name: 'Students' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['noa Levi', 'Amir Katz', 'Étienne Ben David']);
    const noa = cards[0]!;
    const facts = () => [...noa.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts()).toEqual(['Program: Robotics 2', 'Start Date: October 15, 2024', 'End Date: January 31, 2025', 'Lessons: 12']);
    expect(within(noa).queryByText('noa.levi@parents.test')).not.toBeInTheDocument();

    const more = within(noa).getByRole('button', { name: 'More details about noa Levi' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(facts()).toEqual(expect.arrayContaining(['Parent Name: Ruth Levi', 'Parent Email: noa.levi@parents.test', 'Phone: +972 50 000 0000']));
    await user.keyboard(' ');
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('sorts with a menu instead of the column headers', async () => {
    undo.push(onAPhone());
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    const list = await screen.findByRole('list', { name: 'Students' });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Student First Name');
    await waitFor(() => expect(within(list).getAllByRole('heading')[0]).toHaveTextContent('Amir'));
    await user.click(screen.getByRole('button', { name: /Student First Name: ascending/ }));
    await waitFor(() => expect(within(list).getAllByRole('heading')[0]).toHaveTextContent('noa'));
  });

  it('keeps only the cards in view in the DOM for a long list', async () => {
    undo.push(onAPhone());
    undo.push(fakeLayoutBox(375, 640));
    const many = manyStudents(10_000, 2);
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi({ getAllStudents: async () => many }) });
    const list = await screen.findByRole('list', { name: 'Students' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(2));
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeLessThan(30);
    expect(items[0]).toHaveAttribute('aria-setsize', String(many.length));
    expect(screen.getByRole('region', { name: 'Students' })).toHaveAttribute('tabindex', '0');
  });
});
