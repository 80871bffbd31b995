/**
 * On a real WordPress (run by `npm run e2e:wordpress` in every configuration): each role signs in,
 * lands on its own page with its own menu, keeps the session over a reload (the token is validated
 * through the web server's Authorization header), and a tampered token returns to the login.
 */
import { logOut, openMenu, screenshot } from '../support';
import { ROLE_LANDINGS, signInAndLand, WP_USERS, wordPressJourneyFile } from './site';

const journey = wordPressJourneyFile();
const { site } = journey;
const shot = (name: string) => `wp-${site.tokenAnswer}-${site.crossOrigin ? 'cross' : 'same'}-${name}`;

describe(`WordPress (${site.label}): sign-in and roles`, () => {
  it.each(ROLE_LANDINGS)('$who signs in, lands on $landing with the role menu, reloads and logs out', async ({ who, landing, menu }) => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await signInAndLand(page, site, who, landing);
    await page.getByText(`Hi ${WP_USERS[who].displayName}`).waitFor();
    expect(await openMenu(page)).toEqual(menu);
    await screenshot(page, shot(`signin-${who}`));

    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByText(`Hi ${WP_USERS[who].displayName}`).waitFor();
    expect(new URL(page.url()).pathname).toBe(landing);

    await logOut(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(browser.errors).toEqual([]);
  });

  it('a tampered stored token returns to the login', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await signInAndLand(page, site, 'mia', '/building_instructions/Mia%20Levi');
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
});
