import { screen, waitFor, within } from '@testing-library/react';
import { CLASS_NOW_PATHS, type ClassNowClassChoice } from '../../../../contract/classNow';
import { CLASSROOM_PATHS } from '../../../../contract/classroom';
import { danaStudents } from '../../../../test/fixtures/roster';
import { createContentApi } from '../../../../test/fixtures/content';
import { apiError } from '../../../../test/fakeApi';
import { renderApp, signedInAs } from '../../../../test/renderApp';
import type { ApiRequest } from '../../../api/transport';

jest.setTimeout(20_000);

/** The content API as an owner sees it, answering class unlocks like the portal's backend (and her classes, when given). */
function ownerApi(answer: (request: ApiRequest) => Promise<unknown>, classes: ClassNowClassChoice[] | null = null) {
  const requests: ApiRequest[] = [];
  const api = createContentApi({
    viewer: 'owner',
    overrides: {
      getAllStudents: async () => danaStudents,
      request: async (request) => {
        if (classes && request.path === `${CLASS_NOW_PATHS.classNow}?class=all`) return { ownerId: 2, at: '2026-11-25T10:00:00.000Z', students: [], lockedOut: [], classId: null, classes };
        // The header's terms check asks too: only the class unlocks are this test's.
        if (request.path !== CLASSROOM_PATHS.classUnlocks) return Promise.reject(apiError(404, 'rest_no_route', 'No route'));
        requests.push(request);
        return answer(request);
      },
    },
  });
  return { api, requests };
}

describe('unlocking a model for the class (franchise owner)', () => {
  it('opens a model for the students she ticks, and says how many', async () => {
    const { api, requests } = ownerApi(async () => ({ lessonId: 2001, students: 1, newlyUnlocked: 1 }));
    const { user } = renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api });
    const card = await screen.findByTestId('model-card-2001');
    await user.click(within(card).getByRole('button', { name: 'Unlock for students: Lawn Mower' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Lawn Mower for your students' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Only the students I choose' }));
    expect(within(dialog).getByRole('button', { name: 'Unlock for 0 chosen' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Amir Katz' }));
    await user.click(within(dialog).getByRole('button', { name: 'Unlock for 1 chosen' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Lawn Mower is open for 1 student. They find it open on any tablet.');
    expect(requests).toEqual([{ method: 'POST', path: CLASSROOM_PATHS.classUnlocks, body: { lessonId: 2001, students: [12] }, expiry: 'jwt' }]);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('all her students by default; a refusal says so calmly and keeps the choice', async () => {
    const { api, requests } = ownerApi(async () => Promise.reject(apiError(0, 'network_error', 'Failed to fetch')));
    const { user } = renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api });
    await user.click(await screen.findByRole('button', { name: 'Unlock for students: Lawn Mower' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('radio', { name: `All my students (${danaStudents.length})` })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Unlock for all' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was unlocked.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(requests.map((r) => r.body)).toEqual([{ lessonId: 2001, students: 'all' }]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('with classes: "For" offers all her students and each class, the one meeting now chosen first, and sends only that class', async () => {
    const classes = [
      { id: 5, name: 'Monday Builders', meetingNow: true },
      { id: 6, name: 'Tuesday Tinkerers', meetingNow: false },
    ];
    const { api, requests } = ownerApi(async () => ({ lessonId: 2001, students: 4, newlyUnlocked: 4 }), classes);
    const { user } = renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api });
    await user.click(await screen.findByRole('button', { name: 'Unlock for students: Lawn Mower' }));
    const dialog = await screen.findByRole('dialog');
    const forSelect = await within(dialog).findByRole('combobox', { name: 'For' });
    expect(within(forSelect).getAllByRole('option').map((o) => o.textContent)).toEqual([
      `All my students (${danaStudents.length})`,
      'Monday Builders (meeting now)',
      'Tuesday Tinkerers',
      'Only the students I choose',
    ]);
    expect(forSelect).toHaveValue('5');
    await user.selectOptions(forSelect, 'Tuesday Tinkerers');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock for Tuesday Tinkerers' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Lawn Mower is open for 4 students.');
    expect(requests.map((r) => r.body)).toEqual([{ lessonId: 2001, students: 'all', classId: 6 }]);
  });

  it('students never see it', async () => {
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('mia'), api: createContentApi() });
    await screen.findByTestId('model-card-2001');
    expect(screen.queryByRole('button', { name: /for students/ })).toBeNull();
  });
});
