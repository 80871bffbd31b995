import { screen, waitFor, within } from '@testing-library/react';
import { INSIGHTS_PATHS } from '../../../contract/insights';
import { apiError } from '../../../test/fakeApi';
import { portalBackend } from '../../../test/fixtures/classes';
import { renderStuckSteps, stuckStep, stuckStepsBackend } from '../../../test/fixtures/stuckSteps';
import { renderApp, signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

/** Dana's students got stuck on Catapult's third step of its Wheels tab; Lee's on the Lawn Mower's first. */
const backend = () =>
  stuckStepsBackend({
    2: [
      stuckStep(131, 3, { tabIndex: 1, tabTitle: 'Wheels', reached: 12, stopped: 4, stuckPresses: 7, stuckChildren: 3, medianSeconds: 125 }),
      stuckStep(131, 1, { reached: 14, stopped: 1, stuckPresses: 1, stuckChildren: 1, medianSeconds: 42 }),
      stuckStep(140, 2, { modelTitle: 'Crane', programTitle: 'Play Machines 2', reached: 3, thumbnail: null, medianSeconds: null }),
    ],
    3: [stuckStep(150, 1, { modelTitle: 'Lawn Mower', programTitle: 'Play Machines 2', reached: 2, stopped: 2, stuckPresses: 2, stuckChildren: 2, medianSeconds: 3725 })],
  });

const table = () => screen.findByRole('table');
/** Each row's step, as its first cell reads. */
const stepsShown = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const stuckRequests = (requests: { path: string }[]) => requests.map((request) => request.path);

describe('Where children get stuck (/stuck_steps)', () => {
  it("shows an administrator every owner's steps worst first, each with its picture, names, figures and a way into the studio", async () => {
    const stuck = backend();
    renderStuckSteps('/stuck_steps', 'admin', stuck);
    expect(await screen.findByRole('heading', { level: 1, name: 'Where children get stuck' })).toBeInTheDocument();
    expect(await stepsShown()).toEqual([
      'CatapultPlay Machines 1Wheels · Step 3',
      'Lawn MowerPlay Machines 2Step 1',
      'CatapultPlay Machines 1Step 1',
      'CranePlay Machines 2Step 2',
    ]);
    const wheels = within(await table()).getAllByRole('row')[1]!;
    expect(within(wheels).getByRole('img', { name: 'Catapult, Wheels, step 3' })).toHaveAttribute('src', 'https://media.test/progrmas/131/3/thumb.jpg');
    const cells = within(wheels).getAllByRole('cell');
    // On a phone each value is labelled with its column's name (the table stacks as cards).
    expect(cells.map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([
      ['Step', 'CatapultPlay Machines 1Wheels · Step 3'],
      ['Reached it', '12'],
      ['Stopped there', '4'],
      ['“I’m stuck”', '7 presses by 3 children'],
      ['Median time on the step', '2 min 5 s'],
      ['Content studio', 'Open in the studio'],
    ]);
    expect(within(wheels).getByRole('link', { name: 'Open in the studio: Catapult, step 3' })).toHaveAttribute('href', '/studio/models/131?tab=1&step=3');
    const mower = within(await table()).getAllByRole('row')[2]!;
    expect(within(mower).getByText('1 h 2 min')).toBeInTheDocument();
    expect(within(mower).getByText('2 presses by 2 children')).toBeInTheDocument();
    // A step no child has moved on from yet has no time, and one without a picture shows none.
    const crane = within(await table()).getAllByRole('row')[4]!;
    expect(within(crane).getByText('—')).toBeInTheDocument();
    expect(within(crane).getByText('No child has moved on yet')).toBeInTheDocument();
    expect(within(crane).queryByRole('img')).toBeNull();
    expect(within(crane).getByText('None')).toBeInTheDocument();
    expect(stuckRequests(stuck.requests)).toEqual([INSIGHTS_PATHS.stuckSteps]);
    await waitFor(() => expect(document.title).toBe('Where children get stuck · Youngengineer Online'));
  });

  it("filters by franchise owner, keeping the owner in the address so that a reload shows the same owner's steps", async () => {
    const stuck = backend();
    const { user, router, api, unmount } = renderStuckSteps('/stuck_steps', 'admin', stuck);
    const filter = await screen.findByRole('combobox', { name: 'Franchise owner' });
    await waitFor(() => expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All owners', 'Dana Cohen', 'Lee Wong', 'Maria Garcia', 'zoë Åberg']));
    // The owners' names come from the users list alone: every student is not loaded for a filter.
    expect(api.calls.map((call) => call.method)).not.toContain('getAllStudents');
    expect(filter).toHaveValue('');
    await stepsShown();
    await user.selectOptions(filter, 'Lee Wong');
    await waitFor(() => expect(router.state.location.search).toBe('?owner=3'));
    await waitFor(async () => expect(await stepsShown()).toEqual(['Lawn MowerPlay Machines 2Step 1']));
    expect(stuckRequests(stuck.requests).at(-1)).toBe(`${INSIGHTS_PATHS.stuckSteps}?owner=3`);
    unmount();

    // A reload: the address alone says whose steps.
    const again = backend();
    renderStuckSteps('/stuck_steps?owner=3', 'admin', again);
    expect(await stepsShown()).toEqual(['Lawn MowerPlay Machines 2Step 1']);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Franchise owner' })).toHaveValue('3'));
    expect(stuckRequests(again.requests)).toEqual([`${INSIGHTS_PATHS.stuckSteps}?owner=3`]);
  });

  it('says so kindly when an owner has no stuck child yet, and when the owner in the address is not one', async () => {
    const { user, router, unmount } = renderStuckSteps('/stuck_steps?owner=4', 'admin', backend());
    expect(await screen.findByText('None of this franchise owner’s students has been stuck yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Franchise owner' }), 'All owners');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await stepsShown()).toHaveLength(4);
    unmount();
    renderStuckSteps('/stuck_steps?owner=77', 'admin', backend());
    expect(await screen.findByText('This franchise owner was not found. Choose another in the list.')).toBeInTheDocument();
  });

  it("shows a franchise owner her own students' steps: no owner filter, no studio", async () => {
    const stuck = backend();
    // An owner's address cannot ask for another owner's students.
    renderStuckSteps('/stuck_steps?owner=3', 'dana', stuck);
    expect(await stepsShown()).toHaveLength(4);
    expect(screen.queryByRole('combobox', { name: 'Franchise owner' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Open in the studio/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Content studio' })).toBeNull();
    expect(stuckRequests(stuck.requests)).toEqual([INSIGHTS_PATHS.stuckSteps]);
  });

  it('shows loading, then the empty state in friendly words', async () => {
    const stuck = stuckStepsBackend();
    let release!: () => void;
    stuck.state.hold = new Promise((resolve) => (release = resolve));
    renderStuckSteps('/stuck_steps', 'dana', stuck);
    expect(await screen.findByRole('status', { name: 'Loading the steps' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('No child has been stuck yet. The steps children find hard appear here once they build models.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the steps' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says calmly when the steps could not load, without the server's words, and tries again", async () => {
    const stuck = backend();
    stuck.state.refuse = apiError(503, 'unavailable', 'upstream connect error');
    const { user } = renderStuckSteps('/stuck_steps', 'admin', stuck);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the steps');
    expect(screen.queryByText(/upstream/)).toBeNull();
    stuck.state.refuse = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await stepsShown()).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Where children get stuck in the menu', () => {
  it.each([
    ['an administrator', 'admin', '/admin/Franchise_Owners_List'],
    ['a franchise owner', 'dana', '/students_list/Dana%20Cohen'],
  ] as const)("is %s's item on the portal's own backend, and opens the page", async (_who, login, start) => {
    const { user, router } = renderStuckSteps(start, login, backend());
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Where children get stuck' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stuck_steps'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Where children get stuck' })).toBeInTheDocument();
  });

  it('is not offered on a plain WordPress site, and a student is sent away from the page', async () => {
    const plain = renderApp({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: backend().api, config: { capabilities: { ...portalBackend.capabilities, contentStudio: false } } });
    await plain.user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).not.toContain('Where children get stuck');
    plain.unmount();

    const stuck = backend();
    const { router } = renderApp({ route: '/stuck_steps', session: signedInAs('mia'), api: stuck.api, config: portalBackend });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/stuck_steps'));
    expect(stuck.requests).toEqual([]);
  });
});
