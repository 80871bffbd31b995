/**
 * Helpers for browser journeys (`npm run e2e`; files named *.e2e.ts under e2e/):
 *
 *   let portal: Portal;
 *   beforeAll(async () => { portal = await startPortal(); });   // real backend, fresh demo data
 *   afterAll(() => portal.stop());
 *   it('...', async () => {
 *     const browser = await openBrowser({ viewport: { width: 390, height: 844 } });
 *     await signIn(browser.page, 'dana', 'demo-owner-2026', portal.baseUrl);
 *     await screenshot(browser.page, 'dana-students');          // e2e/artifacts/dana-students.png
 *     expect(await axeViolations(browser.page, 'main')).toEqual([]);
 *     await browser.close();
 *   });
 *
 * E2E_BASE_URL=http://host:port runs the journeys against a portal that is already running.
 */
export { startPortal, freePort, ROOT, DIST_DIR, ARTIFACTS_DIR, type Portal, type StartPortalOptions } from './portal';
export { openBrowser, screenshot, CHROMIUM_FLAGS, CHROMIUM_PATH, type BrowserSession, type OpenBrowserOptions } from './browser';
export { signIn, openMenu, logOut, DEMO_USERS } from './actions';
export { axeViolations, type AxeViolation } from './axe';
