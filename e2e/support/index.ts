/**
 * Helpers for browser journeys (`npm run e2e`; files named *.e2e.ts under e2e/):
 *
 *   const journey = journeyFile();   // one real backend for the file, fresh demo data
 *   it('...', async () => {
 *     const browser = await journey.openBrowser({ viewport: { width: 390, height: 844 } });   // closed after the test
 *     await signIn(browser.page, 'dana', 'demo-owner-2026', journey.portal.baseUrl);
 *     await screenshot(browser.page, 'dana-students');          // e2e/artifacts/dana-students.png
 *     expect(await axeViolations(browser.page, 'main')).toEqual([]);
 *   });
 *
 * E2E_BASE_URL=http://host:port runs the journeys against a portal that is already running.
 */
export { startPortal, freePort, ROOT, DIST_DIR, ARTIFACTS_DIR, type Portal, type StartPortalOptions } from './portal';
export { openBrowser, closeSharedBrowser, screenshot, CHROMIUM_FLAGS, CHROMIUM_PATH, type BrowserSession, type OpenBrowserOptions } from './browser';
export { signIn, openMenu, logOut, waitInPage, DEMO_USERS, ROLE_LANDINGS } from './actions';
export { axeViolations, type AxeViolation } from './axe';
export { journeyFile } from './journeyFile';
