/**
 * The WordPress site a journey file runs against, as e2e/wordpress/run.ts set it up
 * (../shared/peers/wordpress: WordPress 6.1, the public JWT plugin, the wl/v1 stand-in).
 * Everything comes from the environment the runner passes; a file run by hand needs the same.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, signIn, type BrowserSession, type OpenBrowserOptions } from '../support';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the WordPress journeys with \`npm run e2e:wordpress\``);
  return value;
}

/** The users php/portal-users.php creates (WordPress ids vary; names and passwords do not). */
export const WP_USERS = {
  admin: { username: 'admin', password: 'wp-admin-2026', displayName: 'Office Admin', email: 'admin@peer.test' },
  dana: { username: 'dana', password: 'wp-owner-2026', displayName: 'Dana Cohen', email: 'dana@franchise.test' },
  lee: { username: 'lee', password: 'wp-owner-2026', displayName: 'Lee Wong', email: 'lee@franchise.test' },
  mia: { username: 'mia', password: 'wp-student-2026', displayName: 'Mia Levi', email: 'noa.levi@family.test' },
} as const;

export interface WordPressSite {
  /** Where the browser opens the app: the WordPress origin itself, or the other origin (port + 1). */
  appUrl: string;
  /** The WordPress origin (REST API at /wp-json/). */
  siteUrl: string;
  crossOrigin: boolean;
  /** 'stock': the JWT plugin's login answer as it ships; 'additions': with user_id and user_roles. */
  tokenAnswer: 'stock' | 'additions';
  /** The configuration's name, e.g. "stock answer, cross-origin, no capabilities named". */
  label: string;
  /** The peer's data/ folder (outbox/ holds the mail WordPress sent). */
  dataDir: string;
  /** Page ids of php/seed.php: data/seed-ids.json. */
  ids: { terms: number; named: Record<string, number>; programs: Record<string, number> };
}

export function wordPressSite(): WordPressSite {
  const dataDir = required('WP_E2E_PEER_DATA');
  const ids = JSON.parse(readFileSync(path.join(dataDir, 'seed-ids.json'), 'utf8')) as WordPressSite['ids'];
  const appUrl = required('WP_E2E_APP_URL').replace(/\/+$/, '');
  const siteUrl = required('WP_E2E_SITE_URL').replace(/\/+$/, '');
  return {
    appUrl,
    siteUrl,
    crossOrigin: appUrl !== siteUrl,
    tokenAnswer: process.env.WP_E2E_TOKEN_ANSWER === 'stock' ? 'stock' : 'additions',
    label: process.env.WP_E2E_LABEL ?? `${appUrl} -> ${siteUrl}`,
    dataDir,
    ids,
  };
}

export { ROLE_LANDINGS } from '../support';

/**
 * Per journey file: the site, and the browser the running test opens (closed after that test).
 * WordPress is already up (the runner started it); nothing is started or stopped here.
 */
export function wordPressJourneyFile() {
  const site = wordPressSite();
  let browser: BrowserSession | null = null;
  afterEach(async () => {
    await browser?.close();
    browser = null;
  });
  return {
    site,
    async openBrowser(options: OpenBrowserOptions = {}): Promise<BrowserSession> {
      await browser?.close();
      browser = await openBrowser(options);
      // A wrong landing must not cost the 30 s default per step.
      browser.page.setDefaultTimeout(15_000);
      return browser;
    },
  };
}

/** Signs in through the login form at the app's address, then waits for the role's landing page. */
export async function signInAndLand(page: Page, site: WordPressSite, who: keyof typeof WP_USERS, landing: string): Promise<void> {
  await signIn(page, WP_USERS[who].username, WP_USERS[who].password, site.appUrl);
  try {
    await page.waitForURL(`${site.appUrl}${landing}`, { timeout: 15_000 });
  } catch {
    const heading = await page.getByRole('heading', { level: 1 }).first().textContent({ timeout: 1_000 }).catch(() => null);
    throw new Error(`${who} should land on ${landing} but is on ${new URL(page.url()).pathname} ("${heading ?? 'no heading'}") [${site.label}]`);
  }
}
