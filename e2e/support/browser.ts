/**
 * Debian's chromium through playwright-core. One chromium per journey file, started with the first
 * session and closed after the file (jestSetup.ts); each session is a fresh browser context of its
 * own (its own storage, cookies, caches and service workers), as a second browser is: a context
 * starts in a quarter of the time a chromium does, and the journeys open about eighty.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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

let shared: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  if (shared === null) {
    const launched = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
    shared = launched;
    void launched.then(
      (browser) => browser.on('disconnected', () => {
        if (shared === launched) shared = null;
      }),
      () => {
        if (shared === launched) shared = null;
      },
    );
  }
  return shared;
}

/** Closes the journey file's chromium (after its last test). */
export async function closeSharedBrowser(): Promise<void> {
  const browser = shared;
  shared = null;
  if (browser) await (await browser).close();
}

export async function openBrowser(options: OpenBrowserOptions = {}): Promise<BrowserSession> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  // Every Content-Security-Policy violation becomes a console error, so journeys that expect no
  // errors also prove the policy blocks nothing the app needs.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.target instanceof Element ? ` on <${e.target.tagName.toLowerCase()}>` : '';
      const sample = e.sample ? ` "${e.sample}"` : '';
      console.error(`securitypolicyviolation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}${sample}${where} in ${e.documentURI}`);
    });
  });
  const page = await context.newPage();
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
    close: () => context.close(),
  };
}

/** Saves a full-page screenshot as e2e/artifacts/{name}.png (the folder is gitignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
