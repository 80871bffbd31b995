/**
 * A/B of two builds, each on its own portal (its own worktree's server and dist/), loads alternated
 * A, B, A, B under applied throttling: LCP, long tasks after FCP (TBT-like), and the waterfall of
 * scripts. Usage: npx tsx bench/ab.ts /work/wt-A /work/wt-B [runs] [only-target-substring]
 * AB_LH=1: Lighthouse instead; AB_TRACE=1: the renderer main thread's CPU from a trace (scripts, paint,
 * layout, style); AB_BLOCK=/path/prefix: B's requests under that path are refused (what a part costs).
 */
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { openBrowser, signIn, DEMO_USERS } from '../e2e/support';
import { throttle } from './throttledLcp';
import type * as PortalModule from '../e2e/support/portal';
import type * as SeedModule from './lib/seed';

interface Req { id: string; url: string; start: number; end?: number; bytes?: number; initiator?: string; type?: string }

async function startFrom(root: string) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(path.join(root, 'e2e/support/portal.ts')) as typeof PortalModule;
  const portal = await mod.startPortal({ timeoutMs: 180_000 });
  if (!process.env.AB_NO_SEED) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const seed = require(path.join(root, 'bench/lib/seed.ts')) as typeof SeedModule;
    seed.seedBenchStudents(portal.dataDir);
  }
  return portal;
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN; };

async function load(page: Page, url: string, origin: string) {
  await page.goto(`${origin}/favicon.svg`);
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  const reqs = new Map<string, Req>();
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!t0 && e.type === 'Document') t0 = e.timestamp;
    const init = e.initiator?.url ?? e.initiator?.stack?.callFrames?.[0]?.url ?? e.initiator?.stack?.parent?.callFrames?.[0]?.url ?? e.initiator?.type;
    reqs.set(e.requestId, { id: e.requestId, url: e.request.url, start: e.timestamp, initiator: init, type: e.type });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) { r.end = e.timestamp; r.bytes = e.encodedDataLength; }
  });
  await throttle(cdp, true);
  try {
    await page.goto(url);
    await page.waitForTimeout(6000);
    const m = await page.evaluate(() => new Promise<{ lcp: number; fcp: number; tasks: [number, number][] }>((resolve) => {
      const w = window as unknown as { __lt: [number, number][] };
      new PerformanceObserver((list) => {
        const lcp = list.getEntries().at(-1)!.startTime;
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        resolve({ lcp, fcp, tasks: w.__lt ?? [] });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }));
    const tbt = m.tasks.filter(([s]) => s >= m.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    const longest = Math.max(0, ...m.tasks.map(([, d]) => d));
    const list = [...reqs.values()].map((r) => ({ ...r, start: (r.start - t0) * 1000, end: r.end ? (r.end - t0) * 1000 : NaN }));
    return { lcp: m.lcp, fcp: m.fcp, tbt, longest, tasks: m.tasks, reqs: list };
  } finally {
    await throttle(cdp, false);
    await cdp.detach();
  }
}

async function main() {
  const [rootA, rootB] = [process.argv[2]!, process.argv[3]!];
  if (process.env.AB_LH) return lhMain(rootA, rootB);
  if (process.env.AB_TRACE) return traceMain(rootA, rootB);
  const runs = Number(process.argv[4] ?? 5);
  const only = process.argv[5];
  const [a, b] = await Promise.all([startFrom(rootA), startFrom(rootB)]);
  const browser = await openBrowser({ viewport: { width: 412, height: 823 } });
  await browser.context.addInitScript(() => {
    const w = window as unknown as { __lt: [number, number][] };
    w.__lt = [];
    try { new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__lt.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true }); } catch { /* none */ }
  });
  try {
    for (const p of [a, b]) await signIn(browser.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, p.baseUrl);
    const tokenRes = await fetch(`${a.baseUrl}/wp-json/jwt-auth/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'dana', password: DEMO_USERS.dana.password }) });
    const token = ((await tokenRes.json()) as { token: string }).token;
    const pages = (await (await fetch(`${a.baseUrl}/wp-json/wp/v2/pages?parent=167&per_page=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; title: { rendered: string } }[];
    const lawn = pages.find((p) => p.title.rendered === 'Lawn Mower')!.id;
    const targets = [
      { name: 'select-model', path: '/select-model/Play%20Machines%202/167' },
      { name: 'gallery', path: `/model_building_instructions/Play%20Machines%202/167/${lawn}` },
      { name: 'students', path: '/students_list/Dana' },
      { name: 'home', path: '/' },
    ].filter((t) => !only || t.name.includes(only));
    for (const t of targets) {
      const res: Record<string, Awaited<ReturnType<typeof load>>[]> = { A: [], B: [] };
      for (let i = 0; i < runs; i++) {
        for (const [label, p] of (i % 2 ? [['B', b], ['A', a]] : [['A', a], ['B', b]]) as [string, typeof a][]) {
          res[label]!.push(await load(browser.page, `${p.baseUrl}${t.path}`, p.baseUrl));
        }
      }
      for (const label of ['A', 'B']) {
        const r = res[label]!;
        console.log(`${t.name} ${label}: LCP median ${median(r.map((x) => x.lcp)).toFixed(0)} (${r.map((x) => x.lcp.toFixed(0)).join(', ')}); FCP ${median(r.map((x) => x.fcp)).toFixed(0)}; TBT-like ${median(r.map((x) => x.tbt)).toFixed(0)} (${r.map((x) => x.tbt.toFixed(0)).join(', ')}); longest ${median(r.map((x) => x.longest)).toFixed(0)}`);
        const last = r[r.length - 1]!;
        for (const q of last.reqs.filter((x) => !x.url.includes('favicon')).sort((x, y) => x.start - y.start)) {
          const u = q.url.replace(/^https?:\/\/[^/]+/, '');
          const init = (q.initiator ?? '').replace(/^https?:\/\/[^/]+/, '');
          console.log(`   ${q.start.toFixed(0).padStart(5)} -> ${q.end.toFixed(0).padStart(5)}  ${String(q.bytes ?? '').padStart(7)}  ${u.slice(0, 90)}  <- ${init.slice(0, 40)}`);
        }
        console.log(`   long tasks: ${last.tasks.map(([s, d]) => `${s.toFixed(0)}+${d.toFixed(0)}`).join(' ')}`);
      }
    }
  } finally {
    await browser.close();
    await Promise.all([a.stop(), b.stop()]);
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });

interface LhReport { finalDisplayedUrl: string; categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> }

// ---- Lighthouse A/B: a browser per run, as bench/lighthouse.ts does, runs alternated A/B.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type * as ChromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support';

async function launchChrome(profile: string) {
  const { launch } = (await import('chrome-launcher')) as typeof ChromeLauncher;
  const chrome = await launch({ chromePath: CHROMIUM_PATH, userDataDir: profile, chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new'], logLevel: 'silent' });
  const exited = new Promise<void>((resolve) => { if (chrome.process.exitCode !== null) resolve(); else chrome.process.once('exit', () => resolve()); });
  return { port: chrome.port, async stop(graceMs = 0) { await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]); chrome.kill(); await exited; } };
}

async function lhMain(rootA: string, rootB: string) {
  const runs = Number(process.argv[4] ?? 5);
  const only = process.argv[5];
  const outDir = process.env.AB_LH_DIR ?? '/tmp/ab-lh';
  mkdirSync(outDir, { recursive: true });
  const [a, b] = await Promise.all([startFrom(rootA), startFrom(rootB)]);
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LhReport } | undefined> };
  const template = mkdtempSync(path.join(tmpdir(), 'ab-lh-signed-in-'));
  try {
    {
      const chrome = await launchChrome(template);
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = cdp.contexts()[0]!;
      const page = context.pages()[0] ?? (await context.newPage());
      for (const p of [a, b]) await signIn(page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, p.baseUrl);
      await (await cdp.newBrowserCDPSession()).send('Browser.close').catch(() => undefined);
      await chrome.stop(10_000);
      for (const cached of ['Cache', 'Code Cache', 'Service Worker', 'GPUCache']) rmSync(path.join(template, 'Default', cached), { recursive: true, force: true });
    }
    const tokenRes = await fetch(`${a.baseUrl}/wp-json/jwt-auth/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'dana', password: DEMO_USERS.dana.password }) });
    const token = ((await tokenRes.json()) as { token: string }).token;
    const pages = (await (await fetch(`${a.baseUrl}/wp-json/wp/v2/pages?parent=167&per_page=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; title: { rendered: string } }[];
    const lawn = pages.find((p) => p.title.rendered === 'Lawn Mower')!.id;
    const targets = [
      { name: 'login', path: '/', signedIn: false },
      { name: 'select-model', path: '/select-model/Play%20Machines%202/167', signedIn: true },
      { name: 'gallery', path: `/model_building_instructions/Play%20Machines%202/167/${lawn}`, signedIn: true },
      { name: 'students', path: '/students_list/Dana', signedIn: true },
    ].filter((t) => !only || only.split(',').some((o) => t.name.includes(o)));
    for (const t of targets) {
      const res: Record<string, { score: number; lcp: number; tbt: number; fcp: number; si: number }[]> = { A: [], B: [] };
      for (let i = 0; i < runs; i++) {
        for (const [label, p] of (i % 2 ? [['B', b], ['A', a]] : [['A', a], ['B', b]]) as [string, typeof a][]) {
          const profile = mkdtempSync(path.join(tmpdir(), 'ab-lh-'));
          if (t.signedIn) cpSync(template, profile, { recursive: true, filter: (source) => !path.basename(source).startsWith('Singleton') });
          const chrome = await launchChrome(profile);
          try {
            const url = `${p.baseUrl}${t.path}`;
            const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: t.signedIn });
            const lhr = r!.lhr;
            if (lhr.finalDisplayedUrl !== url) throw new Error(`measured ${lhr.finalDisplayedUrl}`);
            writeFileSync(path.join(outDir, `${t.name}-${label}-${i}.json`), JSON.stringify(lhr));
            const au = lhr.audits;
            res[label]!.push({ score: lhr.categories.performance.score, lcp: (au['largest-contentful-paint']?.numericValue ?? NaN), tbt: (au['total-blocking-time']?.numericValue ?? NaN), fcp: (au['first-contentful-paint']?.numericValue ?? NaN), si: (au['speed-index']?.numericValue ?? NaN) });
          } finally {
            await chrome.stop();
            rmSync(profile, { recursive: true, force: true });
          }
        }
      }
      for (const label of ['A', 'B']) {
        const r = res[label]!;
        const f = (k: 'score' | 'lcp' | 'tbt' | 'fcp' | 'si', d = 0) => `${median(r.map((x) => x[k])).toFixed(d)} (${r.map((x) => x[k].toFixed(d)).join(' ')})`;
        console.log(`LH ${t.name} ${label}: score ${f('score', 2)}; LCP ${f('lcp')}; TBT ${f('tbt')}; FCP ${f('fcp')}; SI ${f('si')}`);
      }
    }
  } finally {
    rmSync(template, { recursive: true, force: true });
    await Promise.all([a.stop(), b.stop()]);
  }
}

// ---- Thread CPU time (trace events' tdur) of the renderer's main thread during a load: robust to other
// processes on the machine, unlike wall time. TBT estimate as Lighthouse's simulation makes it: each
// top-level task x4, less 50 ms, summed from FCP on.
interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; pid: number; args?: { data?: { url?: string; functionName?: string; documentLoaderURL?: string }; name?: string } }

async function traceLoad(page: Page, url: string, origin: string, cpuRate: number) {
  await page.goto(`${origin}/favicon.svg`);
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await throttle(cdp, true);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => { events.push(...(e.value as unknown as TraceEvent[])); });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing', 'loading', 'v8.execute', 'disabled-by-default-lighthouse'] } } as never);
  try {
    await page.goto(url);
    await page.waitForTimeout(5000);
  } finally {
    await cdp.send('Tracing.end');
    await done;
    await throttle(cdp, false);
    await cdp.detach();
  }
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(url.slice(0, 30)) ) ?? events.filter((e) => e.name === 'navigationStart').at(-1)!;
  const pid = nav.pid;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  const tid = main?.tid ?? nav.tid;
  const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ts >= nav.ts);
  const fcp = mine.find((e) => e.name === 'firstContentfulPaint');
  const lcpEv = mine.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const fcpTs = fcp?.ts ?? nav.ts;
  const cpu = tasks.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
  const tbt = tasks.filter((e) => e.ts >= fcpTs).reduce((s, e) => s + Math.max(0, ((e.tdur ?? 0) / 1000) * 4 - 50), 0);
  const big = tasks.filter((e) => (e.tdur ?? 0) > 12500).map((e) => `${((e.ts - nav.ts) / 1000).toFixed(0)}:${((e.tdur ?? 0) / 1000).toFixed(1)}`);
  // Script work by URL: EvaluateScript and FunctionCall self-ish (top-level under RunTask) thread time.
  const byUrl = new Map<string, number>();
  for (const e of mine) {
    if ((e.name === 'EvaluateScript' || e.name === 'FunctionCall' || e.name === 'v8.compile' || e.name === 'v8.evaluateModule') && e.tdur) {
      const u = String(e.args?.data?.url ?? e.args?.data?.functionName ?? '?').replace(/^https?:\/\/[^/]+/, '').replace(/\.[0-9a-f]{8}\.js$/, '');
      const k = `${e.name}:${u}`;
      byUrl.set(k, (byUrl.get(k) ?? 0) + e.tdur / 1000);
    } else if (['Layout', 'UpdateLayoutTree', 'Decode Image', 'ImageDecodeTask', 'Paint', 'PrePaint', 'ParseHTML', 'ParseAuthorStyleSheet', 'MajorGC', 'MinorGC', 'Layerize', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections', 'ScheduleStyleRecalculation', 'RecalculateStyles', 'SVGImage::dataChanged', 'ImageResourceContent::UpdateImage'].includes(e.name) && e.tdur) {
      const k = `other:${e.name}`;
      byUrl.set(k, (byUrl.get(k) ?? 0) + e.tdur / 1000);
    }
  }
  return { cpu, tbt, big, fcp: fcp ? (fcp.ts - nav.ts) / 1000 : NaN, lcp: lcpEv ? (lcpEv.ts - nav.ts) / 1000 : NaN, byUrl };
}

async function traceMain(rootA: string, rootB: string) {
  const runs = Number(process.argv[4] ?? 5);
  const only = process.argv[5];
  const cpuRate = Number(process.env.AB_CPU ?? 1);
  const [a, b] = await Promise.all([startFrom(rootA), startFrom(rootB)]);
  const browser = await openBrowser({ viewport: { width: 412, height: 823 } });
  try {
    for (const p of [a, b]) await signIn(browser.page, DEMO_USERS.dana.username, DEMO_USERS.dana.password, p.baseUrl);
    if (process.env.AB_BLOCK) await browser.page.route(new RegExp(`^${b.baseUrl}${process.env.AB_BLOCK}`), (r) => r.abort());
    const targets = [
      { name: 'select-model', path: '/select-model/Play%20Machines%202/167' },
      { name: 'gallery', path: `/model_building_instructions/Play%20Machines%202/167/${process.env.AB_LAWN ?? 171}` },
      { name: 'students', path: '/students_list/Dana' },
    ].filter((t) => !only || only.split(',').some((o) => t.name.includes(o)));
    for (const t of targets) {
      const res: Record<string, Awaited<ReturnType<typeof traceLoad>>[]> = { A: [], B: [] };
      for (let i = 0; i < runs; i++) {
        for (const [label, p] of (i % 2 ? [['B', b], ['A', a]] : [['A', a], ['B', b]]) as [string, typeof a][]) {
          res[label]!.push(await traceLoad(browser.page, `${p.baseUrl}${t.path}`, p.baseUrl, cpuRate));
        }
      }
      for (const label of ['A', 'B']) {
        const r = res[label]!;
        console.log(`TR ${t.name} ${label}: main-thread CPU ${median(r.map((x) => x.cpu)).toFixed(0)} ms (${r.map((x) => x.cpu.toFixed(0)).join(' ')}); TBT est x4 ${median(r.map((x) => x.tbt)).toFixed(0)} (${r.map((x) => x.tbt.toFixed(0)).join(' ')}); FCP ${median(r.map((x) => x.fcp)).toFixed(0)} LCP ${median(r.map((x) => x.lcp)).toFixed(0)}`);
        console.log(`   big tasks (start:cpu ms) ${r.map((x) => x.big.join(',')).join(' | ')}`);
        const keys = new Set(r.flatMap((x) => [...x.byUrl.keys()]));
        const rows = [...keys].map((k) => [k, median(r.map((x) => x.byUrl.get(k) ?? 0))] as const).filter(([, v]) => v > 0.5).sort((x, y) => y[1] - x[1]);
        for (const [k, v] of rows.slice(0, 14)) console.log(`     ${v.toFixed(1).padStart(6)}  ${k}`);
      }
    }
  } finally {
    await browser.close();
    await Promise.all([a.stop(), b.stop()]);
  }
}
