import { screen, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { createContentApi, programs } from '../../../test/fixtures/content';

const tiles = async () => within(await screen.findByRole('list', { name: 'Programs' })).getAllByRole('link').map((link) => link.textContent);

describe("a student's own program", () => {
  it('comes first on Select Your Program, marked Your program', async () => {
    const api = createContentApi({ viewer: 'student', overrides: { getPrograms: async () => programs.filter((p) => !p.hidden).map((p) => ({ ...p, enrolled: p.id === 167 })) } });
    const view = renderApp({ route: '/', session: signedInAs('mia'), api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Program' })).toBeInTheDocument();
    expect(await tiles()).toEqual(['Your programPlay Machines 2', 'Play Machines 1', 'Teacher Training']);
    view.unmount();
  });

  it('a program for teachers is marked for owners, and never shown to a student even when it arrives', async () => {
    const withTeachers = () => programs.filter((p) => !p.hidden).map((p) => ({ ...p, forTeachers: p.id === 7767 }));
    const owner = renderApp({ route: '/building_instructions/Dana%20Cohen', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner', overrides: { getPrograms: async () => withTeachers() } }) });
    expect(await tiles()).toEqual(['Play Machines 1', 'Play Machines 2', 'Teachers only students do not see itTeacher Training']);
    owner.unmount();
    const student = renderApp({ route: '/', session: signedInAs('mia'), api: createContentApi({ viewer: 'student', overrides: { getPrograms: async () => withTeachers() } }) });
    expect(await tiles()).toEqual(['Play Machines 1', 'Play Machines 2']);
    student.unmount();
  });
});
