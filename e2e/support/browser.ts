/**
 * Debian's chromium through playwright-core, with a fresh temporary profile each time
 * (launchPersistentContext with its directory: Playwright refuses a --user-data-dir argument).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './portal';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the networking flags chromium tries to reach the internet at every start. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenBrowserOptions {
  viewport?: { width: number; height: number };
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far (failed resource loads are in failedRequests). */
  errors: string[];
  /** Responses of 400 and up, and requests that failed, as 'STATUS URL'. */
  failedRequests: string[];
  close(): Promise<void>;
}

export async function openBrowser(options: OpenBrowserOptions = {}): Promise<BrowserSession> {
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  // Every Content-Security-Policy violation becomes a console error, so journeys that expect no
  // errors also prove the policy blocks nothing the app needs.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.target instanceof Element ? ` on <${e.target.tagName.toLowerCase()}>` : '';
      const sample = e.sample ? ` "${e.sample}"` : '';
      console.error(`securitypolicyviolation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}${sample}${where} in ${e.documentURI}`);
    });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const failedRequests: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failedRequests.push(`failed ${request.url()}`));
  return {
    context,
    page,
    errors,
    failedRequests,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot as e2e/artifacts/{name}.png (the folder is gitignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
