import { screen, waitFor } from '@testing-library/react';
import type { StudioProgramInput } from '../../../contract/studio';
import { apiError } from '../../../test/fakeApi';
import { fakeStudio, program, renderStudio } from '../../../test/fixtures/studio';
import { signedInAs } from '../../../test/renderApp';

const REMOTE_LOGO = 'https://cdn.example.org/wp-content/uploads/robot-arms-logo.png';

/** An imported program: its logo a link left on its WordPress site, its other pictures absent. */
const imported = () =>
  fakeStudio({}, [program(130, 'Play Machines 1', 1), program(61_000, 'Robot Arms 1', 2, { logo: { path: REMOTE_LOGO, url: REMOTE_LOGO } })]);

const savedInputs = (studio: ReturnType<typeof fakeStudio>) =>
  studio.calls.filter((call) => call.method === 'saveProgram').map((call) => call.args[1] as StudioProgramInput);

describe("content studio: who sees a program", () => {
  it("the program's editor offers students and teachers, teachers only or hidden, and saves the choice with the imported picture kept", async () => {
    const studio = imported();
    const { user } = renderStudio({ route: '/studio/programs/61000', session: signedInAs('admin'), studio });
    const who = await screen.findByRole('combobox', { name: 'Who sees it' });
    expect(who).toHaveValue('everyone');
    expect([...(who as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Students and teachers', 'Teachers only', 'Hidden (only the studio)']);
    expect(screen.queryByRole('checkbox', { name: /Hidden/ })).not.toBeInTheDocument();
    await user.selectOptions(who, 'Hidden (only the studio)');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Draft saved/)).toBeInTheDocument();
    expect(savedInputs(studio)).toEqual([expect.objectContaining({ audience: 'hidden', logo: REMOTE_LOGO, longImage: '' })]);
    expect(screen.getByRole('combobox', { name: 'Who sees it' })).toHaveValue('hidden');
  });

  it('publishing says who sees the program now', async () => {
    const { user } = renderStudio({ route: '/studio/programs/61000', session: signedInAs('admin'), studio: imported() });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Who sees it' }), 'Teachers only');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published for teachers: franchise owners and administrators see it now; students do not.')).toBeInTheDocument();
    expect(screen.queryByText('Published: everyone sees it now.')).not.toBeInTheDocument();
  });

  it('on the programs list, a program made hidden stays hidden while and after it is saved', async () => {
    const studio = imported();
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    const who = await screen.findByRole('combobox', { name: 'Who sees Robot Arms 1' });
    await user.selectOptions(who, 'Hidden (only the studio)');
    expect(who).toHaveValue('hidden');
    await waitFor(() => expect(savedInputs(studio)).toEqual([expect.objectContaining({ audience: 'hidden', logo: REMOTE_LOGO })]));
    await waitFor(() => expect(studio.programs.get(61_000)?.hidden).toBe(true));
    expect(screen.getByRole('combobox', { name: 'Who sees Robot Arms 1' })).toHaveValue('hidden');
    expect(screen.getByRole('combobox', { name: 'Who sees Play Machines 1' })).toHaveValue('everyone');
  });

  it("says why a choice was not saved, in the server's words", async () => {
    const studio = fakeStudio({ saveProgram: async () => Promise.reject(apiError(400, 'rest_invalid_param', 'Invalid parameter(s): logo')) }, [program(130, 'Play Machines 1', 1)]);
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Who sees Play Machines 1' }), 'Teachers only');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: Invalid parameter(s): logo');
  });
});

describe("content studio: the students' programs setting", () => {
  it('shows the setting as the server has it, and saves a change at once', async () => {
    const studio = fakeStudio();
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    const only = await screen.findByRole('checkbox', { name: 'Students see only the program they are enrolled in' });
    await waitFor(() => expect(only).toBeEnabled());
    expect(only).not.toBeChecked();
    await user.click(only);
    expect(only).toBeChecked();
    await waitFor(() => expect(studio.calls.filter((c) => c.method === 'saveSettings').map((c) => c.args[0])).toEqual([{ studentsSeeEnrolledProgramOnly: true }]));
  });

  it('puts the saved value back, with a calm message, when the change cannot be saved', async () => {
    const studio = fakeStudio({ saveSettings: async () => Promise.reject(apiError(500, 'server_error', 'boom')) });
    const { user } = renderStudio({ route: '/studio', session: signedInAs('admin'), studio });
    const only = await screen.findByRole('checkbox', { name: 'Students see only the program they are enrolled in' });
    await waitFor(() => expect(only).toBeEnabled());
    await user.click(only);
    expect(await screen.findByText('The setting was not saved. Please try again.')).toBeInTheDocument();
    expect(only).not.toBeChecked();
  });
});
