import { screen, within } from '@testing-library/react';
import { signedInAs } from '../../../test/renderApp';
import { programs } from '../../../test/fixtures/content';
import { danaStudents, renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { serveRosterEdit, studentRecordOf, type RosterEditBackend } from '../../../test/fixtures/rosterEdit';

jest.setTimeout(30_000);

/** The content's programs as an owner's backend sends them: one of them for teachers only. */
const existing = async () => [
  ...programs.filter((p) => !p.hidden).map((p) => ({ ...p, forTeachers: p.id === 7767 })),
  { ...programs[0]!, id: 9100, title: 'Galileo Lab 7', order: 9, forTeachers: false },
];
const options = (label: string) =>
  within(screen.getByLabelText(label) as HTMLSelectElement)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe("a student's program is chosen from the programs that exist", () => {
  it('the sign-up form offers the content programs for students, in their order', async () => {
    renderRoster({ route: '/sign_up_new_student/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi({ getPrograms: existing }) });
    await screen.findByRole('heading', { name: 'Sign Up New Student' });
    await screen.findByRole('option', { name: 'Galileo Lab 7' });
    expect(options('Program')).toEqual(['Select Program', 'Play Machines 1', 'Play Machines 2', 'Galileo Lab 7']);
  });

  it("the edit form offers them too, and keeps the student's own program when it is no longer one of them", async () => {
    const amir = danaStudents[1]!;
    const record = studentRecordOf(amir, 'amir.katz', { program: 'AlgoC' });
    const backend = { getStudent: async () => record, getAudit: async () => ({ entries: [], nextBefore: null }) } as unknown as RosterEditBackend;
    const { user } = renderRoster({ route: `/students/${amir.id}`, session: signedInAs('dana'), api: rosterApi({ getPrograms: existing, request: serveRosterEdit(backend) }) });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('option', { name: 'Galileo Lab 7' });
    expect(options('Program')).toEqual(['Select Program', 'Play Machines 1', 'Play Machines 2', 'Galileo Lab 7', 'AlgoC']);
    expect(screen.getByLabelText('Program')).toHaveValue('AlgoC');
  });
});
