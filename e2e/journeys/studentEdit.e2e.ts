/**
 * Editing and ending a student end to end: an owner corrects a student's phone
 * and sees it in the list, an administrator finds the change (before and after) in the audit log,
 * and once the owner ends the student's lessons the student can no longer sign in, and is told why.
 * And an owner the office deactivates: her students handed to another owner, her open session
 * refused at its next request, her sign-in refused in words, the change in the audit log.
 */
import type { Page } from 'playwright-core';
import { OWNER_DEACTIVATED_MESSAGE } from '../../contract';
import { DEMO_USERS, journeyFile, openBrowser, openMenu, screenshot, signIn, type BrowserSession } from '../support';

const journey = journeyFile();
const NEW_PHONE = '052-555-0199';

/** Mia's user id, as the login route answers it. */
async function miaId(): Promise<number> {
  const res = await fetch(`${journey.portal.baseUrl}/wp-json/jwt-auth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERS.mia.username, password: DEMO_USERS.mia.password }),
  });
  return Number(((await res.json()) as { user_id: number }).user_id);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
}

describe('edit and end a student', () => {
  it('an owner edits a phone and ends the lessons; the office reads both in the audit log; the student cannot sign in', async () => {
    const id = await miaId();
    const { page: owner, errors: ownerErrors } = await journey.openBrowser({ viewport: { width: 390, height: 844 } });
    await signIn(owner, DEMO_USERS.dana.username, DEMO_USERS.dana.password, journey.portal.baseUrl);
    await owner.goto(`${journey.portal.baseUrl}/students/${id}`);
    const details = owner.getByRole('region', { name: 'Details' });
    await details.getByText('Active').waitFor();
    await details.getByText('mia', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Edit' }).click();
    const phone = owner.getByLabel('Phone', { exact: true });
    const oldPhone = await phone.inputValue();
    await phone.fill(NEW_PHONE);
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await owner.getByText('The changes were saved.').waitFor();
    await details.getByText(NEW_PHONE).waitFor();
    await noSidewaysScroll(owner);
    await screenshot(owner, 'student-edit-1-saved-390');

    // The list as a table (on a phone the phone number sits under a card's "More details").
    await owner.setViewportSize({ width: 1280, height: 900 });
    await openMenu(owner);
    await owner.getByRole('menuitem', { name: 'Students List' }).click();
    await owner.getByRole('row').filter({ hasText: 'Mia' }).getByText(NEW_PHONE).waitFor();
    await screenshot(owner, 'student-edit-2-list-1280');
    await owner.setViewportSize({ width: 390, height: 844 });

    await owner.goto(`${journey.portal.baseUrl}/students/${id}`);
    await details.getByRole('button', { name: 'End lessons' }).click();
    const dialog = owner.getByRole('alertdialog');
    await dialog.getByText(/can no longer sign in/).waitFor();
    await screenshot(owner, 'student-edit-3-end-dialog-390');
    await dialog.getByRole('button', { name: 'End lessons' }).click();
    await details.getByText(/^Ended on /).waitFor();
    await details.getByRole('button', { name: 'Re-activate' }).waitFor();
    expect(ownerErrors).toEqual([]);

    const { page: office, errors: officeErrors } = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    await signIn(office, DEMO_USERS.admin.username, DEMO_USERS.admin.password, journey.portal.baseUrl);
    expect(await openMenu(office)).toContain('Audit log');
    await office.getByRole('menuitem', { name: 'Audit log' }).click();
    await office.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const edited = office.getByRole('row').filter({ hasText: 'Edited' }).filter({ hasText: 'Mia Levi' });
    await edited.getByText(`Phone: ${oldPhone} → ${NEW_PHONE}`).waitFor();
    await edited.getByText('Dana Cohen').waitFor();
    const ended = office.getByRole('row').filter({ hasText: 'Ended lessons' }).filter({ hasText: 'Mia Levi' });
    await ended.getByText('Sign-in: enabled → disabled').waitFor();
    await screenshot(office, 'student-edit-4-audit-log-1280');

    // From the student's page, History opens the log filtered on them; the filter is in the URL.
    await office.goto(`${journey.portal.baseUrl}/students/${id}`);
    await office.getByRole('region', { name: 'Details' }).getByRole('link', { name: 'History' }).click();
    await office.waitForURL(`${journey.portal.baseUrl}/admin/audit_log?student=${id}`);
    await office.getByText('Only Mia Levi').waitFor();
    await office.reload();
    await office.getByRole('row').filter({ hasText: 'Ended lessons' }).waitFor();
    expect(await office.getByRole('row').filter({ hasNotText: 'Mia Levi' }).count()).toBe(1); // the header row
    expect(officeErrors).toEqual([]);

    const { page: student } = await journey.openBrowser({ viewport: { width: 390, height: 844 } });
    await student.goto(`${journey.portal.baseUrl}/`);
    await student.getByLabel('Username or e-mail').fill(DEMO_USERS.mia.username);
    await student.getByLabel('Password', { exact: true }).fill(DEMO_USERS.mia.password);
    await student.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
    await student.getByRole('button', { name: 'Sign in' }).click();
    await student.getByRole('alert').filter({ hasText: "This student's lessons have ended. Ask your teacher to re-activate the account." }).waitFor();
    expect(new URL(student.url()).pathname).toBe('/');
    await screenshot(student, 'student-edit-5-ended-sign-in-390');
  });
});

describe('the office deactivates a franchise owner', () => {
  it("hands Lee's students to Maria; Lee's open session is refused at its next request; Maria's list has them; the audit log says who did it", async () => {
    const base = journey.portal.baseUrl;
    // Three people at once (the journey's own browser is one at a time).
    const sessions: BrowserSession[] = [];
    const open = async () => {
      const session = await openBrowser({ viewport: { width: 1280, height: 900 } });
      sessions.push(session);
      return session;
    };
    try {
      const { page: lee } = await open();
      await signIn(lee, DEMO_USERS.lee.username, DEMO_USERS.lee.password, base);
      const leesRows = lee.getByRole('row').filter({ has: lee.getByRole('cell') });
      await leesRows.first().waitFor();
      const leesStudent = (await leesRows.first().getByRole('cell').nth(0).innerText()).trim();
      expect(leesStudent).not.toBe('');

      const { page: office, errors: officeErrors } = await open();
      await signIn(office, DEMO_USERS.admin.username, DEMO_USERS.admin.password, base);
      const leeRow = office.getByRole('row').filter({ hasText: 'Wong' });
      await leeRow.getByText('Active', { exact: true }).waitFor();
      await leeRow.getByRole('button', { name: /Manage/ }).click();
      await office.getByRole('heading', { level: 1, name: /Lee Wong/ }).waitFor();
      await office.getByRole('button', { name: 'Deactivate' }).click();
      const dialog = office.getByRole('alertdialog').or(office.getByRole('dialog'));
      await dialog.getByText(/signed out at once on every device/).waitFor();
      await dialog.getByLabel('Hand the students to another franchise owner').check();
      await dialog.getByLabel('Hand them to').selectOption({ label: DEMO_USERS.maria.displayName });
      await screenshot(office, 'owner-admin-1-deactivate-dialog-1280');
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await office.getByText(/Lee Wong was deactivated\. \d+ students? (was|were) handed to Maria/).waitFor();
      await screenshot(office, 'owner-admin-2-deactivated-1280');

      // Lee's open session: her next request is refused and she is back at the login, told why.
      await lee.reload();
      await lee.getByLabel('Username or e-mail').waitFor();
      await lee.getByLabel('Username or e-mail').fill(DEMO_USERS.lee.username);
      await lee.getByLabel('Password', { exact: true }).fill(DEMO_USERS.lee.password);
      await lee.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
      await lee.getByRole('button', { name: 'Sign in' }).click();
      await lee.getByRole('alert').filter({ hasText: OWNER_DEACTIVATED_MESSAGE }).waitFor();
      await screenshot(lee, 'owner-admin-3-lee-refused-1280');

      // Maria's list has Lee's students.
      const { page: maria } = await open();
      await signIn(maria, DEMO_USERS.maria.username, DEMO_USERS.maria.password, base);
      await maria.getByRole('row').filter({ hasText: leesStudent }).first().waitFor();

      // The audit log: the administrator deactivated Lee, and moved each student.
      await openMenu(office);
      await office.getByRole('menuitem', { name: 'Audit log' }).click();
      await office.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      const deactivated = office.getByRole('row').filter({ hasText: 'Franchise owner deactivated' }).filter({ hasText: 'Lee Wong' });
      await deactivated.getByText(DEMO_USERS.admin.displayName).waitFor();
      const moved = office.getByRole('row').filter({ hasText: 'Moved to another owner' }).filter({ hasText: leesStudent });
      await moved.first().getByText(DEMO_USERS.admin.displayName).waitFor();
      await screenshot(office, 'owner-admin-4-audit-log-1280');
      expect(officeErrors).toEqual([]);
    } finally {
      for (const session of sessions) await session.close();
    }
  });
});
