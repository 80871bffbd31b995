/**
 * Lighthouse 12 (its default mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU) on
 * the login page (/ signed out), a select-model page, the Lawn Mower gallery and a students list,
 * offline against Debian's chromium. Every run is a first visit in a browser started for it: signed-in
 * pages start from a profile where Dana signed in through the form, with its session in localStorage
 * and without its HTTP and code caches, service worker or Cache Storage (bench/pwa.ts measures the
 * repeat visit the service worker serves).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as ChromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, DEMO_USERS, signIn } from '../e2e/support';
import type { BenchContext } from './lib/context';
import { type FigureSink, median, round } from './lib/results';

interface LhResult {
  finalDisplayedUrl: string;
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string; details?: unknown }>;
}

type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LhResult } | undefined>;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** Chrome on a profile of its own, and a way to stop it that waits until it has exited (so its profile can be copied). */
async function launchChrome(profile: string) {
  const { launch } = (await import('chrome-launcher')) as typeof ChromeLauncher;
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    userDataDir: profile,
    chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new'],
    logLevel: 'silent',
  });
  const exited = new Promise<void>((resolve) => {
    if (chrome.process.exitCode !== null) resolve();
    else chrome.process.once('exit', () => resolve());
  });
  return {
    port: chrome.port,
    /** Waits up to graceMs for Chrome to exit by itself (after Browser.close), then kills it. */
    async stop(graceMs = 0) {
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
      chrome.kill();
      await exited;
    },
  };
}

/**
 * A profile where Dana signed in through the form: what a later first visit keeps (the session in
 * localStorage), with what would make it a repeat visit removed (the HTTP and code caches, the
 * service worker and its caches).
 */
async function signedInProfile(ctx: BenchContext): Promise<string> {
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-lh-signed-in-'));
  const chrome = await launchChrome(profile);
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, ctx.baseUrl);
    // Closed, not killed: Chrome writes localStorage to the profile as it shuts down.
    await (await cdp.newBrowserCDPSession()).send('Browser.close').catch(() => undefined);
  } finally {
    await chrome.stop(10_000);
  }
  for (const cached of ['Cache', 'Code Cache', 'Service Worker', 'GPUCache']) rmSync(path.join(profile, 'Default', cached), { recursive: true, force: true });
  return profile;
}

/**
 * One Lighthouse run in a browser started for it: a page of the portal still alive in the same
 * browser (an earlier run's, closing) shares its renderer, whose clean-up then lands in this run's
 * trace as a long task no script caused (100-200 ms measured, about 4x that simulated). A run whose
 * trace Lighthouse could not read (runtimeError, e.g. NO_NAVSTART) is run again, up to twice.
 */
async function firstVisit(lighthouse: LighthouseFn, target: { url: string; signedIn: boolean }, signedInTemplate: string): Promise<LhResult> {
  for (let attempt = 1; ; attempt++) {
    const profile = mkdtempSync(path.join(tmpdir(), 'portal-lh-'));
    if (target.signedIn) cpSync(signedInTemplate, profile, { recursive: true, filter: (source) => !path.basename(source).startsWith('Singleton') });
    const chrome = await launchChrome(profile);
    try {
      const result = await lighthouse(target.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: target.signedIn,
      });
      if (!result) throw new Error(`lighthouse returned nothing for ${target.url}`);
      const { lhr } = result;
      if (lhr.runtimeError && attempt < 3) continue;
      if (lhr.runtimeError) throw new Error(`lighthouse failed 3 times on ${target.url}: ${lhr.runtimeError.code}`);
      // A lost session would measure the login page instead (the guard sends a signed-out visit there).
      if (lhr.finalDisplayedUrl !== target.url) throw new Error(`lighthouse measured ${lhr.finalDisplayedUrl}, not ${target.url}`);
      return lhr;
    } finally {
      await chrome.stop();
      rmSync(profile, { recursive: true, force: true });
    }
  }
}

export async function lighthouseBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: LighthouseFn };
  const signedInTemplate = await signedInProfile(ctx);
  try {
    const pages: { name: string; url: string; signedIn: boolean }[] = [
      { name: '/ (login)', url: `${ctx.baseUrl}/`, signedIn: false },
      { name: 'select-model (Play Machines 2)', url: `${ctx.baseUrl}/select-model/Play%20Machines%202/167`, signedIn: true },
      { name: 'gallery (Lawn Mower)', url: `${ctx.baseUrl}/model_building_instructions/Play%20Machines%202/167/${ctx.lawnMowerId}`, signedIn: true },
      { name: 'students list (dana)', url: `${ctx.baseUrl}/students_list/Dana`, signedIn: true },
    ];
    const runs = Math.min(5, ctx.runs);
    for (const target of pages) {
      const scores: Record<string, number[]> = {};
      let cls = 0;
      const failing = new Set<string>();
      for (let run = 0; run < runs; run++) {
        const lhr = await firstVisit(lighthouse, target, signedInTemplate);
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
  } finally {
    rmSync(signedInTemplate, { recursive: true, force: true });
  }
}
