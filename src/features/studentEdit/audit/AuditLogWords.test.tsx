/**
 * The audit log in words a person reads: every action and detail named in the shown language (no
 * stored keys), an imported child's first mail told apart from a mail sent again, phone numbers
 * left to right in Hebrew, and on a phone every column of an entry shown as a labelled line.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry, AuditPage } from '../../../../contract/rosterEdit';
import { networkError } from '../../../../test/fakeApi';
import { showQaLanguage } from '../../../../test/catalogueTexts';
import { signedInAs } from '../../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../../test/fixtures/roster';
import { serveRosterEdit } from '../../../../test/fixtures/rosterEdit';

jest.setTimeout(30_000);

const entry = (id: number, more: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-11-23T10:15:00.000Z',
  actor: null,
  action: 'student.edit',
  subject: { type: 'student', id: 12, name: 'Amir Katz' },
  ownerId: 2,
  before: {},
  after: {},
  ...more,
});

const ENTRIES: AuditEntry[] = [
  entry(9, { action: 'student.create', actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' } }),
  entry(8, { action: 'student.import_mail', after: { importId: 12 } }),
  entry(7, { action: 'student.sign_in_mail', after: { importId: 11 } }),
  entry(6, { action: 'user.password_reset', subject: { type: 'user', id: 2, name: 'Dana Cohen' }, after: { via: 'reset_password' } }),
  entry(5, { action: 'user.terms_accept', subject: { type: 'user', id: 2, name: 'Dana Cohen' }, after: { version: '6dffee7c0a1b2c3d4e5f' } }),
  entry(4, { action: 'student.import', actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' }, after: { phone: '+972 52 555 0101', username: 'amir.katz', importId: 12 } }),
  entry(3, { action: 'student.edit', actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' }, before: { phone: '050-111-2222' }, after: { phone: '052-333-4444' } }),
];

/** What the content studio logs: a program deleted, restored, a model put back, and the Trash emptied after 30 days. */
const PAGE_ENTRIES: AuditEntry[] = [
  entry(14, { action: 'page.purge', subject: { type: 'page', id: 900, name: 'Old Program' }, ownerId: null, after: { title: 'Old Program', models: 3 } }),
  entry(13, { action: 'page.put_back', actor: { id: 1, name: 'Office Admin', role: 'administrator' }, subject: { type: 'page', id: 901, name: 'Robot Arm' }, ownerId: null, before: { version: 12 }, after: { version: 10, title: 'Robot Arm' } }),
  entry(12, { action: 'page.restore', actor: { id: 1, name: 'Office Admin', role: 'administrator' }, subject: { type: 'page', id: 902, name: 'Gears' }, ownerId: null, after: { title: 'Gears', models: 2 } }),
  entry(11, { action: 'page.trash', actor: { id: 1, name: 'Office Admin', role: 'administrator' }, subject: { type: 'page', id: 902, name: 'Gears' }, ownerId: null, after: { title: 'Gears', models: 2 } }),
];

/** What classes log: made, then its days, length and children changed, then archived. */
const CLASS_ENTRIES: AuditEntry[] = [
  entry(22, { action: 'class.archive', actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' }, subject: { type: 'class', id: 5, name: 'Monday Builders' } }),
  entry(21, {
    action: 'class.edit',
    actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' },
    subject: { type: 'class', id: 5, name: 'Monday Builders' },
    before: { weekdays: [1], lengthMinutes: 60, studentIds: [12, 13] },
    after: { weekdays: [1, 3], lengthMinutes: 90, studentIds: [12, 13, 14] },
  }),
  entry(20, { action: 'class.create', actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' }, subject: { type: 'class', id: 5, name: 'Monday Builders' }, after: { name: 'Monday Builders', programId: 130, startTime: '16:00', timeZone: 'Asia/Jerusalem' } }),
];

/** What the office's owner page logs: her details edited, deactivated with her students handed over, reactivated. */
const OWNER_ENTRIES: AuditEntry[] = [
  entry(32, { action: 'owner.reactivate', actor: { id: 1, name: 'Office Admin', role: 'administrator' }, subject: { type: 'user', id: 3, name: 'Lee Wong' }, ownerId: 3, before: { sign_in_disabled: true }, after: { sign_in_disabled: false } }),
  entry(31, {
    action: 'owner.deactivate',
    actor: { id: 1, name: 'Office Admin', role: 'administrator' },
    subject: { type: 'user', id: 3, name: 'Lee Wong' },
    ownerId: 3,
    before: { sign_in_disabled: false },
    after: { sign_in_disabled: true, students: 'hand_over', to_owner_id: 2 },
  }),
  entry(30, {
    action: 'owner.edit',
    actor: { id: 1, name: 'Office Admin', role: 'administrator' },
    subject: { type: 'user', id: 3, name: 'Lee Wong' },
    ownerId: 3,
    before: { first_name: 'Li', email: 'li@demo.portal.test' },
    after: { first_name: 'Lee', email: 'lee.wong@demo.portal.test' },
  }),
];

function open(entries: AuditEntry[] = ENTRIES) {
  const refuse = () => Promise.reject(networkError());
  const client = {
    getAudit: async (): Promise<AuditPage> => ({ entries, nextBefore: null }),
    getStudent: refuse,
    editStudent: refuse,
    endStudent: refuse,
    reactivateStudent: refuse,
    moveStudent: refuse,
  };
  return renderRoster({ route: '/admin/audit_log', session: signedInAs('admin'), api: rosterApi({ request: serveRosterEdit(client) }) });
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell');

describe('the audit log in words', () => {
  it('names every action and detail in words, tells an import’s first mail from a mail sent again, and offers "Added" in the filter', async () => {
    open();
    await screen.findByRole('table');
    expect(rows().map((row) => cells(row)[2]!.textContent)).toEqual([
      'Added with the sign-up form',
      'Sent the first sign-in mail (imported)',
      'Sent the first sign-in mail (imported)',
      'Was mailed a new password',
      'Accepted the terms',
      'Imported',
      'Edited',
    ]);
    const details = rows().map((row) => within(row).queryAllByRole('listitem').map((item) => item.textContent));
    expect(details[1]).toEqual(['Import: no. 12']);
    expect(details[3]).toEqual(['How: the "Forgot your password?" form']);
    expect(details[4]).toEqual(['Terms version: 6dffee7c']);
    expect(details[5]).toEqual(['Phone: +972 52 555 0101', 'Login name: amir.katz', 'Import: no. 12']);
    const shown = screen.getByRole('table').textContent ?? '';
    for (const raw of ['user.password_reset', 'student.', 'reset_password', 'importId', 'via:', '6dffee7c0a1b', 'username']) expect({ raw, shown: shown.includes(raw) }).toEqual({ raw, shown: false });
    expect(within(screen.getByLabelText('Change')).getByRole('option', { name: 'Added with the sign-up form' })).toHaveValue('student.create');
  });

  it('shows phone numbers left to right in Hebrew, and names actions and details in Hebrew and Spanish', async () => {
    open();
    await screen.findByRole('table');
    await showQaLanguage('he');
    await waitFor(() => expect(cells(rows()[0]!)[2]).toHaveTextContent('נוסף/ה בטופס ההרשמה'));
    const phones = [...screen.getByRole('table').querySelectorAll('bdi')].filter((bdi) => /\d{3}/.test(bdi.textContent ?? '') && !/\d{4}-/.test(bdi.textContent ?? ''));
    expect(phones.map((bdi) => [bdi.textContent, bdi.getAttribute('dir')])).toEqual([
      ['+972 52 555 0101', 'ltr'],
      ['050-111-2222', 'ltr'],
      ['052-333-4444', 'ltr'],
    ]);
    expect(cells(rows()[1]!)[2]).toHaveTextContent('נשלח מייל הכניסה הראשון (ייבוא)');
    expect(within(rows()[3]!).getByRole('listitem')).toHaveTextContent('איך: הטופס "שכחת את הסיסמה?"');
    await showQaLanguage('es');
    await waitFor(() => expect(cells(rows()[3]!)[2]).toHaveTextContent('Recibió una contraseña nueva por correo'));
    expect(within(rows()[4]!).getByRole('listitem')).toHaveTextContent('Versión de los términos: 6dffee7c');
  });

  it("names the content studio's Trash, restore, put-back and purge in words, in English, Hebrew and Spanish", async () => {
    open(PAGE_ENTRIES);
    await screen.findByRole('table');
    const actions = () => rows().map((row) => cells(row)[2]!.textContent);
    expect(actions()).toEqual([
      'Removed from the Trash for good, after 30 days',
      'Put back an earlier version (content studio)',
      'Restored from the Trash (content studio)',
      'Moved to the Trash (content studio)',
    ]);
    const details = rows().map((row) => within(row).queryAllByRole('listitem').map((item) => item.textContent));
    expect(details[0]).toEqual(['Title: Old Program', 'Models: 3']);
    expect(details[1]).toEqual(['Published version: 12 → 10', 'Title: Robot Arm']);
    const shown = screen.getByRole('table').textContent ?? '';
    for (const raw of ['page.', 'put_back', 'purge', 'Terms version', 'models:', 'title:']) expect({ raw, shown: shown.includes(raw) }).toEqual({ raw, shown: false });
    expect(within(screen.getByLabelText('Change')).getByRole('option', { name: 'Put back an earlier version (content studio)' })).toHaveValue('page.put_back');
    await showQaLanguage('he');
    await waitFor(() => expect(actions()).toEqual(['נמחק מסל המחזור לתמיד, אחרי 30 יום', 'הוחזרה גרסה קודמת (סטודיו תוכן)', 'שוחזר מסל המחזור (סטודיו תוכן)', 'הועבר לסל המחזור (סטודיו תוכן)']));
    await showQaLanguage('es');
    await waitFor(() => expect(cells(rows()[1]!)[2]).toHaveTextContent('Se volvió a una versión anterior (Estudio de contenidos)'));
    expect(actions()[0]).toBe('Eliminado de la Papelera para siempre, tras 30 días');
    expect(within(rows()[1]!).getAllByRole('listitem')[0]).toHaveTextContent('Versión publicada: 12 → 10');
  });

  it("names the office's changes of a franchise owner in words, in English and Hebrew", async () => {
    open(OWNER_ENTRIES);
    await screen.findByRole('table');
    const actions = () => rows().map((row) => cells(row)[2]!.textContent);
    expect(actions()).toEqual(['Franchise owner reactivated', 'Franchise owner deactivated', 'Franchise owner’s details edited']);
    expect(within(rows()[2]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['First name: Li → Lee', 'E-mail: li@demo.portal.test → lee.wong@demo.portal.test']);
    const deactivation = within(rows()[1]!).getAllByRole('listitem').map((item) => item.textContent);
    expect(deactivation.slice(1)).toEqual(['Her students: Handed to another owner', 'Handed to: Dana Cohen']);
    expect(screen.getByRole('table').textContent).not.toMatch(/hand_over|to owner id/);
    expect(within(screen.getByLabelText('Change')).getByRole('option', { name: 'Franchise owner deactivated' })).toHaveValue('owner.deactivate');
    await showQaLanguage('he');
    await waitFor(() => expect(actions()).toEqual(['בעל/ת הזיכיון הופעל/ה מחדש', 'בעל/ת הזיכיון הושבת/ה', 'פרטי בעל/ת הזיכיון נערכו']));
    await showQaLanguage('en');
  });

  it("names a class's changes in words: its days by name, its length in minutes, its children counted", async () => {
    open(CLASS_ENTRIES);
    await screen.findByRole('table');
    expect(rows().map((row) => cells(row)[2]!.textContent)).toEqual(['Class archived', 'Class edited', 'Class created']);
    const details = rows().map((row) => within(row).queryAllByRole('listitem').map((item) => item.textContent));
    expect(details[1]).toEqual(['Days: Monday → Monday, Wednesday', 'Length: 60 min → 90 min', 'Students: 2 students → 3 students']);
    expect(details[2]).toEqual(['Name: Monday Builders', 'Program: no. 130', 'Time: 16:00', 'Time zone: Asia/Jerusalem']);
    const shown = screen.getByRole('table').textContent ?? '';
    for (const raw of ['class.', 'studentIds', 'weekdays', '[1', 'lengthMinutes']) expect({ raw, shown: shown.includes(raw) }).toEqual({ raw, shown: false });
    await showQaLanguage('es');
    await waitFor(() => expect(cells(rows()[1]!)[2]).toHaveTextContent('Clase editada'));
    expect(within(rows()[1]!).getAllByRole('listitem')[0]).toHaveTextContent('Días: lunes → lunes, miércoles');
  });

  it('names a renewal in words, with its lessons and end date before and after, in English, Hebrew and Spanish', async () => {
    open([entry(30, { action: 'student.renew', actor: { id: 2, name: 'Dana Cohen', role: 'franchise_owner' }, before: { number_of_lessons: 20, lessons_end_date: '2026-12-20' }, after: { number_of_lessons: 30, lessons_end_date: '2027-03-20' } })]);
    await screen.findByRole('table');
    expect(cells(rows()[0]!)[2]).toHaveTextContent('Renewed: more lessons and a new end date');
    expect(within(rows()[0]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Lessons: 20 → 30', 'End date: December 20, 2026 → March 20, 2027']);
    expect(screen.getByRole('table').textContent).not.toContain('student.renew');
    expect(within(screen.getByLabelText('Change')).getByRole('option', { name: 'Renewed: more lessons and a new end date' })).toHaveValue('student.renew');
    await showQaLanguage('he');
    await waitFor(() => expect(cells(rows()[0]!)[2]).toHaveTextContent('חודש: שיעורים נוספים ותאריך סיום חדש'));
    await showQaLanguage('es');
    await waitFor(() => expect(cells(rows()[0]!)[2]).toHaveTextContent('Renovado: más clases y una nueva fecha de fin'));
  });

  it('on a phone shows each entry as labelled lines: every cell carries its column, and the narrow layout stacks them', async () => {
    open();
    await screen.findByRole('table');
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['When', 'Who', 'What', 'Student', 'Changed fields']);
    for (const row of rows()) expect(cells(row).map((cell) => cell.getAttribute('data-label'))).toEqual(headers);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n').replace(/\s+/g, ' ');
    const phoneRules = css.split('@media (max-width: 767px)').slice(1).join(' ');
    expect(phoneRules).toMatch(/td::before ?\{ ?content: ?attr\(data-label\)/);
    expect(phoneRules).toMatch(/tr ?\{ ?display: ?block/);
    expect(phoneRules).toMatch(/thead ?\{ ?position: ?absolute/);
  });
});
