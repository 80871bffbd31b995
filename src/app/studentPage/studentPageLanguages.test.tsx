import { fireEvent, screen, within } from '@testing-library/react';
import type { StudentDataExport } from '../../../contract/privacy';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { requestOverFetch } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';

jest.setTimeout(30_000);

const exported: StudentDataExport = {
  exportedAt: '2026-11-23T10:00:00.000Z',
  student: { userId: 11, ownerId: 2, firstName: 'noa', lastName: 'Levi', parentName: 'Ruth Levi', parentEmail: 'noa.levi@parents.test', phone: '+972 50 000 0000', program: 'Robotics 2', lessonsStartDate: '2024-10-15', lessonsEndDate: '2025-01-31', numberOfLessons: 12, createdAt: '2024-10-01T08:00:00.000Z', erasedAt: null },
  account: { id: 11, username: 'noalevi', email: 'noa.levi@parents.test', displayName: 'noa Levi', firstName: 'noa', lastName: 'Levi', role: 'student', country: 'Israel', state: 'Tel Aviv', territory: 'Center', createdAt: '2024-10-01T08:00:00.000Z', passwordChangedAt: '' },
  unlocks: [{ pageId: 140, title: 'Catapult', unlockedAt: '2024-11-02T15:30:00.000Z' }],
  progress: [
    { lessonId: 140, tab: 2, tabs: 3, step: 4, steps: 12, startedAt: '2024-11-02T15:31:00.000Z', updatedAt: '2024-11-03T15:31:00.000Z', finishedAt: null },
    { lessonId: 141, tab: 1, tabs: 1, step: 9, steps: 9, startedAt: '2024-11-02T15:31:00.000Z', updatedAt: '2024-11-04T15:31:00.000Z', finishedAt: '2024-11-04T15:31:00.000Z' },
  ],
  steps: [{ lessonId: 131, tab: 1, step: 3, firstAt: '2026-03-02T09:00:00.000Z', lastAt: '2026-03-02T09:04:00.000Z', leftAt: null, seconds: 240, stuckPresses: 1 }],
  failedUnlockAttempts: 2,
  userMeta: { kit_on_header_clicked: '1' },
  auditEntries: [{ at: '2024-11-05T09:00:00.000Z', action: 'student.edit', actorRole: 'franchise_owner', before: { phone: '1' }, after: { phone: '2' } }],
  mails: [{ subject: 'Sign-in details for noa Levi', createdAt: '2024-10-01T08:00:00.000Z', sentAt: null, status: 'waiting' } as unknown as StudentDataExport['mails'][number]],
  termsAcceptances: [{ version: 'abcdef0123456789', acceptedAt: '2024-10-02T08:00:00.000Z' }],
  classes: [{ name: 'Monday Builders', joinedAt: '2024-10-07T08:00:00.000Z', leftAt: null }],
  attendance: [],
};

const progress = [
  { lessonId: 1001, programId: 130, title: 'Catapult', tabId: 'experiment', tabIndex: 1, tabs: 3, step: 4, steps: 12, finishedAt: null, startedAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-24T10:00:00.000Z' },
  { lessonId: 1002, programId: 130, title: '', tabId: 'build', tabIndex: 0, tabs: 1, step: 12, steps: 12, finishedAt: '2026-11-01T10:00:00.000Z', startedAt: '2026-11-01T09:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' },
];

/** The server of Noa's page: every section's route. */
function serve(lastSignInAt: string | null = null) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/me/terms')) return answer({ currentVersion: null, acceptedVersion: null, acceptedAt: null });
    if (url.endsWith('/students/11/credentials')) return answer({ loginName: 'noalevi', lastSignInAt });
    if (url.endsWith('/students/11/password')) return answer({ loginName: 'noalevi', password: 'Kd7pQ2mXz9aBcD' });
    if (url.endsWith('/students/11/progress')) return answer(progress);
    if (url.endsWith('/students/11/data')) return answer(exported);
    return answer({ code: 'rest_no_route', message: 'No route', data: { status: 404 } }, 404);
  });
}

afterEach(() => jest.restoreAllMocks());

const open = () => renderRoster({ route: '/students/11', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });
const region = (name: string) => screen.getByRole('region', { name });

describe("a student's page in other languages", () => {
  it('takes every text of its frame, Progress, Sign-in (with the new password and its card) and the child\'s data (with the readable copy and the erase dialog) from the catalogues', async () => {
    serve('2026-11-20T08:30:00.000Z');
    const { user } = open();
    await screen.findByRole('heading', { level: 1, name: 'noa Levi' });
    await within(await screen.findByRole('region', { name: 'Progress' })).findByText('Catapult');
    const signIn = region('Sign-in');
    await user.click(await within(signIn).findByRole('button', { name: 'Reset password' }));
    await user.click(within(signIn).getByRole('button', { name: 'Yes, reset the password' }));
    await user.click(await within(signIn).findByRole('button', { name: 'Print sign-in card' }));
    const data = region("The child's data");
    fireEvent.click(within(data).getByRole('button', { name: 'Open a readable copy' }));
    await screen.findByRole('article');
    fireEvent.click(within(data).getByRole('button', { name: "Erase this child's data" }));
    screen.getByRole('dialog');

    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('noa Levi');
    expect(region('⟦Progress⟧')).toHaveTextContent('⟦In progress⟧ · Part 2 of 3, Step 4 of 12');
    // The page's own texts; its Details section is the student edit feature's, checked there.
    const checked = [screen.getByRole('heading', { level: 1 }).parentElement!.querySelector('p')!, region('⟦Progress⟧'), region('⟦Sign-in⟧'), region("⟦The child's data⟧"), screen.getByRole('dialog')];
    expect(checked.flatMap((element) => textsNotFromCatalogue(element))).toEqual([]);
    expect(within(region('⟦Sign-in⟧')).getByRole('region', { name: '⟦Sign-in card⟧' })).toHaveTextContent('⟦Hello noa!⟧');
  });

  it('shows Progress and Sign-in in Hebrew, with Hebrew dates', async () => {
    serve('2026-11-20T08:30:00.000Z');
    open();
    await within(await screen.findByRole('region', { name: 'Progress' })).findByText('Catapult');
    await within(region('Sign-in')).findByText('noalevi');

    await showQaLanguage('he');
    const progressSection = region('התקדמות');
    const items = within(progressSection).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Catapultבתהליך · חלק 2 מתוך 3, שלב 4 מתוך 12התקדמות אחרונה: 24 בנובמבר 2026', 'דגם 1002הסתייםהתקדמות אחרונה: 1 בנובמבר 2026']);
    const signIn = region('כניסה');
    expect(within(signIn).getByText('שם משתמש')).toBeInTheDocument();
    expect(within(signIn).getByText(/20 בנוב׳ 2026/)).toBeInTheDocument();
    expect(within(signIn).getByRole('button', { name: 'איפוס סיסמה' })).toBeInTheDocument();
  });
});
