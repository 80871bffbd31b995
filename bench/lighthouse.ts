/**
 * Lighthouse 12 (its default mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU) on
 * the login page (/ signed out), a select-model page, the Lawn Mower gallery and a students list,
 * offline against Debian's chromium. Signed-in pages keep the session that a sign-in through the
 * form wrote into localStorage (disableStorageReset), and the HTTP cache, the service worker and its
 * caches are cleared before each run, so every run is a first visit of a signed-in user.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as ChromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, DEMO_USERS, signIn } from '../e2e/support';
import type { BenchContext } from './lib/context';
import { type FigureSink, median, round } from './lib/results';

interface LhResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string; details?: unknown }>;
}

type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LhResult } | undefined>;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export async function lighthouseBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: LighthouseFn };
  const { launch } = (await import('chrome-launcher')) as typeof ChromeLauncher;
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-lh-'));
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    userDataDir: profile,
    chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new'],
    logLevel: 'silent',
  });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    const pages: { name: string; url: string; signedIn: boolean }[] = [
      { name: '/ (login)', url: `${ctx.baseUrl}/`, signedIn: false },
      { name: 'select-model (Play Machines 2)', url: `${ctx.baseUrl}/select-model/Play%20Machines%202/167`, signedIn: true },
      { name: 'gallery (Lawn Mower)', url: `${ctx.baseUrl}/model_building_instructions/Play%20Machines%202/167/${ctx.lawnMowerId}`, signedIn: true },
      { name: 'students list (dana)', url: `${ctx.baseUrl}/students_list/Dana`, signedIn: true },
    ];
    const runs = Math.min(5, ctx.runs);
    let signedIn = false;
    for (const target of pages) {
      if (target.signedIn && !signedIn) {
        await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, ctx.baseUrl);
        await page.goto('about:blank');
        signedIn = true;
      }
      const scores: Record<string, number[]> = {};
      let cls = 0;
      const failing = new Set<string>();
      for (let run = 0; run < runs; run++) {
        const session = await context.newCDPSession(page);
        await session.send('Network.clearBrowserCache');
        // The service worker and its caches would make every run after the first a repeat visit
        // (bench/pwa.ts measures that); the session in localStorage stays.
        await session.send('Storage.clearDataForOrigin', { origin: new URL(target.url).origin, storageTypes: 'service_workers,cache_storage' });
        await session.detach();
        const result = await lighthouse(target.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: target.signedIn,
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${target.url}`);
        const { lhr } = result;
        // LH_REPORT_DIR=dir keeps every run's full report, for reading the critical chain and LCP breakdown.
        if (process.env.LH_REPORT_DIR) {
          mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
          writeFileSync(path.join(process.env.LH_REPORT_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}-${run}.json`), JSON.stringify(lhr));
        }
        for (const c of CATEGORIES) (scores[c] ??= []).push(lhr.categories[c]?.score ?? 0);
        cls = Math.max(cls, lhr.audits['cumulative-layout-shift']?.numericValue ?? 0);
        (scores.lcp ??= []).push(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
        (scores.tbt ??= []).push(lhr.audits['total-blocking-time']?.numericValue ?? 0);
        for (const [id, audit] of Object.entries(lhr.audits)) {
          if (audit.score !== null && audit.score < 0.9 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) failing.add(id);
        }
      }
      const note = failing.size ? `below 0.9: ${[...failing].sort().join(', ')}` : undefined;
      sink.addGoal({ metric: `${target.name}: performance`, value: round(median(scores.performance!), 2), unit: 'score', note: `median of ${runs}` }, 0.95, 'min');
      sink.addGoal({ metric: `${target.name}: accessibility`, value: round(median(scores.accessibility!), 2), unit: 'score' }, 1, 'min');
      sink.addGoal({ metric: `${target.name}: best practices`, value: round(median(scores['best-practices']!), 2), unit: 'score' }, 0.95, 'min');
      sink.addGoal({ metric: `${target.name}: CLS (worst run)`, value: round(cls, 3), unit: '' }, 0);
      sink.add({ metric: `${target.name}: LCP / TBT (simulated mobile)`, value: `${round(median(scores.lcp!), 0)} / ${round(median(scores.tbt!), 0)}`, unit: 'ms', ...(note ? { note } : {}) });
    }
    await cdp.close().catch(() => undefined);
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}
