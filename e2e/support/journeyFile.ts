import { openBrowser, type BrowserSession, type OpenBrowserOptions } from './browser';
import { startPortal, type Portal, type StartPortalOptions } from './portal';

/**
 * What every journey file sets up the same way: one portal backend for the file (started before
 * its first test, stopped after its last) and the browser a test opens, closed after that test.
 * Call it at the top level of the file.
 */
export function journeyFile(options: StartPortalOptions = {}) {
  let portal: Portal | null = null;
  let browser: BrowserSession | null = null;
  beforeAll(async () => {
    portal = await startPortal(options);
  });
  afterAll(async () => {
    await portal?.stop();
  });
  afterEach(async () => {
    await browser?.close();
    browser = null;
  });
  return {
    get portal(): Portal {
      if (!portal) throw new Error('the portal starts in beforeAll');
      return portal;
    },
    /** The browser the running test opened. */
    get browser(): BrowserSession {
      if (!browser) throw new Error('this test has not opened a browser');
      return browser;
    },
    /** A browser for the running test; it is closed after the test. */
    async openBrowser(browserOptions: OpenBrowserOptions = {}): Promise<BrowserSession> {
      await browser?.close();
      browser = await openBrowser(browserOptions);
      return browser;
    },
  };
}
