/**
 * The sign-in journey in real chromium against the real backend and the production build: each
 * demo role signs in, lands on its page, sees exactly its menu, and logs out.
 */
import { axeViolations, DEMO_USERS, journeyFile, logOut, openMenu, ROLE_LANDINGS, screenshot, signIn } from './support';


const journey = journeyFile();


describe('sign-in journey', () => {
  it.each(ROLE_LANDINGS)('$who signs in, lands on $landing, sees the role menu and logs out', async (roleLanding) => {
    const { who, landing } = roleLanding;
    const menu = roleLanding.menuOnPortal;
    const user = DEMO_USERS[who];
    const browser = await journey.openBrowser();
    const { page } = browser;

    await page.goto(`${journey.portal.baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
    await screenshot(page, `signin-${who}-1-login`);
    expect(await axeViolations(page)).toEqual([]);

    await signIn(page, user.username, user.password);
    await page.waitForURL(`${journey.portal.baseUrl}${landing}`);
    await page.getByText(`Hi ${user.displayName}`).waitFor();
    expect(await openMenu(page)).toEqual(menu);
    await screenshot(page, `signin-${who}-2-menu`);
    // The header and its open menu (the page below belongs to other features' checks).
    expect(await axeViolations(page, 'header')).toEqual([]);

    // A reload keeps the session (persisted, then validated on start).
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByText(`Hi ${user.displayName}`).waitFor();
    expect(new URL(page.url()).pathname).toBe(landing);

    await logOut(page);
    expect(new URL(page.url()).pathname).toBe('/');
    // redux-persist writes on its next tick: wait (briefly) for the cleared session to reach storage.
    await page.waitForFunction(
      () => {
        const raw = window.localStorage.getItem('persist:session');
        return raw !== null && JSON.parse((JSON.parse(raw) as Record<string, string>).token ?? 'null') === null;
      },
      undefined,
      { timeout: 5_000 },
    );
    const stored = await page.evaluate(() => window.localStorage.getItem('persist:session'));
    const session = JSON.parse(stored ?? '{}') as Record<string, string>;
    expect(JSON.parse(session.token ?? 'null')).toBeNull();
    expect(JSON.parse(session.userName ?? 'null')).toBeNull();
    await screenshot(page, `signin-${who}-3-logged-out`);
    expect(browser.errors).toEqual([]);
  });

  it('shows "Wrong username or password" for a wrong password', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(`${journey.portal.baseUrl}/`);
    await page.getByLabel('Username or e-mail').fill('mia');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('rejects a tampered stored token on start and returns to the login', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, journey.portal.baseUrl);
    await page.waitForURL(`${journey.portal.baseUrl}/students_list/Dana%20Cohen`);
    await page.evaluate(() => {
      const raw = JSON.parse(window.localStorage.getItem('persist:session') ?? '{}') as Record<string, string>;
      const token = JSON.parse(raw.token ?? '""') as string;
      raw.token = JSON.stringify(`${token.slice(0, -4)}AAAA`);
      window.localStorage.setItem('persist:session', JSON.stringify(raw));
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('password reset: validation, unknown address, success, and back to login', async () => {
    const browser = await journey.openBrowser({ viewport: { width: 360, height: 740 } });
    const { page } = browser;
    await page.goto(`${journey.portal.baseUrl}/`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${journey.portal.baseUrl}/PasswordReset`);
    const email = page.getByLabel('E-mail');
    await email.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Enter an email' }).waitFor();
    await email.fill('nobody@demo.portal.test');
    await page.getByRole('button', { name: 'Get New Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is no account with that email address' }).waitFor();
    expect(await email.inputValue()).toBe('nobody@demo.portal.test');
    expect(await axeViolations(page)).toEqual([]);
    await email.fill('lee.wong@demo.portal.test');
    await email.press('Enter');
    await page.getByRole('status').filter({ hasText: 'A new password has been sent to your email' }).waitFor();
    await screenshot(page, 'reset-success-phone');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
  });

  it('works on a 320 px wide phone: slide menu, then log out', async () => {
    const browser = await journey.openBrowser({ viewport: { width: 320, height: 640 } });
    const { page } = browser;
    const horizontalOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(`${journey.portal.baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
    expect(await horizontalOverflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'signin-login-320');
    await signIn(page, DEMO_USERS.mia.username, DEMO_USERS.mia.password);
    await page.waitForURL(`${journey.portal.baseUrl}/building_instructions/Mia%20Levi`);
    await page.getByText('Hi Mia Levi').waitFor();
    await screenshot(page, 'signin-mia-phone');
    expect(await openMenu(page)).toEqual(['Building Instructions', 'My account', 'Terms of use', 'Report a problem', 'English ✓', 'עברית', 'Español', 'Log out']);
    const panel = await page.getByRole('menu').evaluate((menu) => menu.parentElement!.getBoundingClientRect().width);
    expect(Math.round(panel)).toBe(280);
    expect(await horizontalOverflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'signin-mia-phone-menu');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Welcome to Youngengineer Online' }).waitFor();
  });
});
