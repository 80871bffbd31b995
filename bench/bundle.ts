/**
 * Bundle: the gzipped JavaScript each route loads before it is usable. The build's figures come
 * from dist/bundle-report.json (written by BudgetPlugin, the same numbers that fail the build);
 * chromium then loads each route with the HTTP cache off and sums what it really fetched
 * (performance resource entries), to check the chunk-group computation: same files, same total.
 * "Before it is usable" is measured in the page: a script added before the app notes the moment the
 * route's ready element is first in the document, and only requests started by then count. What
 * loads after (the offline support, for one) is reported beside it, without a goal.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BundleReport } from '../config/webpack/budgetPlugin';
import { DEMO_USERS, closeSharedBrowser, openBrowser, signIn } from '../e2e/support';
import { setCacheDisabled, type BenchContext } from './lib/context';
import { type FigureSink, kib } from './lib/results';

interface Probe {
  /** The route as config/budgets.ts names it. */
  budgetRoute: string;
  path: (ctx: BenchContext) => string;
  user: keyof typeof DEMO_USERS | null;
  /** Shown when the route is usable (a CSS selector: the page itself watches for it). */
  ready: string;
}

declare global {
  interface Window {
    __benchReadyAt?: number;
  }
}

/**
 * In the page before any of its scripts: notes the time `selector` first matches. A string, not a
 * function's source: tsx adds helpers to functions that the page does not have.
 */
const watchForReady = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt === undefined && document.querySelector(selector)) {
      window.__benchReadyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

const PROBES: Probe[] = [
  { budgetRoute: '/ (login)', path: () => '/', user: null, ready: 'main form button[type="submit"]' },
  { budgetRoute: '/ (select program)', path: () => '/', user: 'dana', ready: 'main a[href*="/select-model/"], main a[href*="building_instructions"]' },
  { budgetRoute: '/select-model', path: () => '/select-model/Play%20Machines%202/167', user: 'dana', ready: 'main h2, main article' },
  { budgetRoute: '/model_building_instructions', path: (ctx) => `/model_building_instructions/Play%20Machines%202/167/${ctx.lawnMowerId}`, user: 'dana', ready: '.image-gallery-slide img' },
  { budgetRoute: '/students_list', path: () => '/students_list/Dana', user: 'dana', ready: 'main table tbody tr[aria-rowindex]' },
  { budgetRoute: '/sign_up_new_student', path: () => '/sign_up_new_student/Dana', user: 'dana', ready: 'main form' },
  { budgetRoute: '/admin/all_students_list', path: () => '/admin/all_students_list', user: 'admin', ready: 'main table tbody tr[aria-rowindex]' },
];

interface Loaded {
  name: string;
  transferSize: number;
  encodedBodySize: number;
  startTime: number;
}

export async function bundleBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const report = JSON.parse(readFileSync(path.join(ctx.distDir, 'bundle-report.json'), 'utf8')) as BundleReport;
  for (const route of report.routes) {
    sink.addGoal({ metric: `${route.route}: build's JS (gzip -9)`, value: kib(route.gzipBytes), unit: 'KB' }, route.budgetKb);
  }
  const lazy = ['xlsx', 'page-gallery', 'page-franchise-owners', 'page-all-students', 'page-sign-up-franchise'];
  const byRoute = new Map(report.routes.map((r) => [r.route, r]));
  const gzipOf = (file: string): number => report.chunks[file] ?? gzipSync(readFileSync(path.join(ctx.distDir, file)), { level: 9 }).length;

  const sessions = new Map<string, Awaited<ReturnType<typeof openBrowser>>>();
  try {
    for (const probe of PROBES) {
      const key = probe.user ?? 'anonymous';
      let browser = sessions.get(key);
      if (!browser) {
        browser = await openBrowser();
        if (probe.user) await signIn(browser.page, DEMO_USERS[probe.user].username, DEMO_USERS[probe.user].password, ctx.baseUrl);
        sessions.set(key, browser);
      }
      const { page } = browser;
      await setCacheDisabled(page, true);
      await page.evaluate(() => delete window.__benchReadyAt);
      const readyWatch = await page.context().newCDPSession(page);
      await readyWatch.send('Page.enable');
      const { identifier } = await readyWatch.send('Page.addScriptToEvaluateOnNewDocument', { source: watchForReady(probe.ready) });
      await page.goto(`${ctx.baseUrl}${probe.path(ctx)}`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.__benchReadyAt !== undefined, undefined, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await readyWatch.send('Page.removeScriptToEvaluateOnNewDocument', { identifier });
      await readyWatch.detach();
      const { loaded, readyAt } = await page.evaluate(() => ({
        readyAt: window.__benchReadyAt ?? Number.POSITIVE_INFINITY,
        loaded: performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .filter((e) => new URL(e.name).pathname.endsWith('.js') && new URL(e.name).pathname.startsWith('/assets/'))
          .map((e) => ({ name: new URL(e.name).pathname.slice(1), transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, startTime: e.startTime })),
      }));
      const files: Loaded[] = loaded.filter((f) => f.startTime <= readyAt);
      const later: Loaded[] = loaded.filter((f) => f.startTime > readyAt);
      const gzip = files.reduce((sum, f) => sum + gzipOf(f.name), 0);
      const wire = files.reduce((sum, f) => sum + f.encodedBodySize, 0);
      const expected = byRoute.get(probe.budgetRoute);
      const loadedNames = new Set(files.map((f) => f.name));
      const missing = expected ? expected.files.filter((f) => !loadedNames.has(f)) : [];
      const extra = expected ? [...loadedNames].filter((f) => !expected.files.includes(f)) : [];
      const lazyLoaded = [...loadedNames].filter((f) => lazy.some((l) => path.basename(f).startsWith(`${l}.`)) && !(expected?.files.includes(f) ?? false));
      const budget = expected?.budgetKb ?? 200;
      sink.addGoal(
        {
          metric: `${probe.budgetRoute}: JS chromium loaded before the page was usable (gzip -9 of the files)`,
          value: kib(gzip),
          unit: 'KB',
          note: `${files.length} files; ${missing.length === 0 && extra.length === 0 ? 'same files as the build report' : `differs from build report: missing ${missing.join(' ') || '-'}, extra ${extra.join(' ') || '-'}`}${lazyLoaded.length ? `; loaded lazily-split chunks: ${lazyLoaded.join(' ')}` : ''}`,
        },
        budget,
      );
      sink.add({
        metric: `${probe.budgetRoute}: JS loaded after the page was usable (gzip -9)`,
        value: kib(later.reduce((sum, f) => sum + gzipOf(f.name), 0)),
        unit: 'KB',
        note: later.length ? later.map((f) => f.name).join(' ') : 'none',
      });
      sink.add({ metric: `${probe.budgetRoute}: JS bytes on the wire`, value: kib(wire), unit: 'KB', note: 'encodedBodySize: gzip/brotli when the server compresses' });
    }
  } finally {
    for (const browser of sessions.values()) await browser.close();
    await closeSharedBrowser();
  }
}
