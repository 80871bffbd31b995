/**
 * Credentials end to end: an owner resets a child's password on the
 * student's page, the sign-in card shows it, and the child signs in with it in a browser of their
 * own; a user changes their own password and signs in with the new one
 * (e2e/artifacts/credentials-*.png).
 */
import { DEMO_USERS, journeyFile, logOut, openBrowser, openMenu, screenshot, signIn } from '../support';

const journey = journeyFile();

/** The demo student's user id, as the sign-in answer names it. */
async function userIdOf(username: string, password: string): Promise<number> {
  const res = await fetch(`${journey.portal.baseUrl}/wp-json/jwt-auth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { user_id: number }).user_id;
}

describe('credentials journey', () => {
  it("an owner resets a child's password, prints the card, and the child signs in with it elsewhere", async () => {
    const miaId = await userIdOf(DEMO_USERS.mia.username, DEMO_USERS.mia.password);
    const owner = await journey.openBrowser({ viewport: { width: 1280, height: 900 } });
    const page = owner.page;
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, journey.portal.baseUrl);
    await page.goto(`${journey.portal.baseUrl}/students/${miaId}`);
    const section = page.getByRole('region', { name: 'Sign-in' });
    await section.getByText('mia', { exact: true }).waitFor();
    await screenshot(page, 'credentials-section');

    await section.getByRole('button', { name: 'Reset password' }).click();
    await section.getByRole('button', { name: 'Yes, reset the password' }).click();
    const shown = section.getByLabel('New password');
    await shown.waitFor();
    const password = (await shown.textContent())?.trim() ?? '';
    expect(password).toMatch(/^\S{12,}$/);

    await section.getByRole('button', { name: 'Print sign-in card' }).click();
    const card = page.getByRole('region', { name: 'Sign-in card' });
    await card.waitFor();
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain('Hello Mia!');
    expect(cardText).toContain(journey.portal.baseUrl);
    expect(cardText).toContain('mia');
    expect(cardText).toContain(password);
    await screenshot(page, 'credentials-card');
    // In print only the card shows: the header and the rest of the page are hidden.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await card.getByText(password).isVisible()).toBe(true);
    await screenshot(page, 'credentials-card-print');
    await page.emulateMedia({ media: 'screen' });
    // The password is in the page only: not in the address, not in storage.
    expect(page.url()).not.toContain(password);
    expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }))).not.toContain(password);

    const child = await openBrowser({ viewport: { width: 375, height: 812 } });
    try {
      await signIn(child.page, DEMO_USERS.mia.username, password, journey.portal.baseUrl);
      await child.page.waitForURL(`${journey.portal.baseUrl}/building_instructions/Mia%20Levi`);
      await screenshot(child.page, 'credentials-child-signed-in');
    } finally {
      await child.close();
    }
    expect(owner.errors).toEqual([]);
  });

  it('a user changes their own password on the account page and signs in with the new one', async () => {
    const session = await journey.openBrowser({ viewport: { width: 375, height: 812 } });
    const page = session.page;
    await signIn(page, DEMO_USERS.lee.username, DEMO_USERS.lee.password, journey.portal.baseUrl);
    expect(await openMenu(page)).toContain('My account');
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    const fresh = 'lee-new-password-42';
    await page.getByLabel('Current password').fill(DEMO_USERS.lee.password);
    await page.getByLabel('New password (at least 8 characters)').fill(fresh);
    await page.getByLabel('New password again').fill(fresh);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed.').waitFor();
    await screenshot(page, 'credentials-account-changed');
    // This session goes on with the fresh token.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();

    await logOut(page);
    await signIn(page, DEMO_USERS.lee.username, fresh, journey.portal.baseUrl);
    await page.waitForURL(`${journey.portal.baseUrl}/students_list/Lee%20Wong`);
    expect(session.errors).toEqual([]);
  });
});
