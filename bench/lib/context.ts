/** What every benchmark gets: the running portal, how many runs to take, and small API helpers. */
import type { Page } from 'playwright-core';
import { openBrowser, signIn, type BrowserSession } from '../../e2e/support';

export interface BenchContext {
  /** The portal backend serving the production build, on loopback. */
  baseUrl: string;
  dataDir: string;
  distDir: string;
  /** Runs per measurement (the median is reported). */
  runs: number;
  /** The lesson id of the 51-image Lawn Mower (program 167), looked up through the API. */
  lawnMowerId: number;
  authKey: string;
}

export const LAWN_MOWER_PROGRAM = 167;

export async function portalAuthKey(baseUrl: string): Promise<string> {
  const text = await (await fetch(`${baseUrl}/portal-config.js`)).text();
  const match = /"authKey":"([^"]+)"/.exec(text);
  if (!match?.[1]) throw new Error('no authKey in /portal-config.js');
  return match[1];
}

export async function apiToken(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/wp-json/jwt-auth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: HTTP ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** GET /wp-json/wp/v2/pages?parent=167 and find the Lawn Mower. */
export async function findLawnMower(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/wp-json/wp/v2/pages?parent=${LAWN_MOWER_PROGRAM}&per_page=100`, { headers: { authorization: `Bearer ${token}` } });
  const pages = (await res.json()) as { id: number; title: { rendered: string } }[];
  const page = pages.find((p) => p.title.rendered === 'Lawn Mower');
  if (!page) throw new Error(`no Lawn Mower under program ${LAWN_MOWER_PROGRAM}`);
  return page.id;
}

/** A fresh chromium profile, signed in through the login form. */
export async function signedInBrowser(ctx: BenchContext, username: string, password: string, viewport?: { width: number; height: number }): Promise<BrowserSession> {
  const browser = await openBrowser(viewport ? { viewport } : {});
  try {
    await signIn(browser.page, username, password, ctx.baseUrl);
  } catch (err) {
    await browser.close();
    throw err;
  }
  return browser;
}

/** Bypass the HTTP cache (each measured load is a first visit) or use it again. */
export async function setCacheDisabled(page: Page, disabled: boolean): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: disabled });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
