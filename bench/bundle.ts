/**
 * Bundle: the gzipped JavaScript each route loads before it is usable. The build's figures come
 * from dist/bundle-report.json (written by BudgetPlugin, the same numbers that fail the build);
 * chromium then loads each route with the HTTP cache off and sums what it really fetched
 * (performance resource entries), to check the chunk-group computation: same files, same total.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BundleReport } from '../config/webpack/budgetPlugin';
import { DEMO_USERS, openBrowser, signIn } from '../e2e/support';
import { setCacheDisabled, type BenchContext } from './lib/context';
import { type FigureSink, kib } from './lib/results';

interface Probe {
  /** The route as config/budgets.ts names it. */
  budgetRoute: string;
  path: (ctx: BenchContext) => string;
  user: keyof typeof DEMO_USERS | null;
  /** Shown when the route is usable. */
  ready: string;
}

const PROBES: Probe[] = [
  { budgetRoute: '/ (login)', path: () => '/', user: null, ready: 'button:has-text("Sign in")' },
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
      await page.goto(`${ctx.baseUrl}${probe.path(ctx)}`, { waitUntil: 'load' });
      await page.locator(probe.ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const loaded = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .filter((e) => new URL(e.name).pathname.endsWith('.js') && new URL(e.name).pathname.startsWith('/assets/'))
          .map((e) => ({ name: new URL(e.name).pathname.slice(1), transferSize: e.transferSize, encodedBodySize: e.encodedBodySize })),
      );
      const files: Loaded[] = loaded;
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
          metric: `${probe.budgetRoute}: JS chromium loaded (gzip -9 of the files)`,
          value: kib(gzip),
          unit: 'KB',
          note: `${files.length} files; ${missing.length === 0 && extra.length === 0 ? 'same files as the build report' : `differs from build report: missing ${missing.join(' ') || '-'}, extra ${extra.join(' ') || '-'}`}${lazyLoaded.length ? `; loaded lazily-split chunks: ${lazyLoaded.join(' ')}` : ''}`,
        },
        budget,
      );
      sink.add({ metric: `${probe.budgetRoute}: JS bytes on the wire`, value: kib(wire), unit: 'KB', note: 'encodedBodySize: gzip/brotli when the server compresses' });
    }
  } finally {
    for (const browser of sessions.values()) await browser.close();
  }
}
