/**
 * The installable, offline portal, as the PWA checks Lighthouse used to make (its PWA
 * category is gone from Lighthouse 12): the manifest makes the portal installable, the service worker
 * controls the page, and the start URL answers 200 offline. Then the repeat visit's LCP under the
 * applied mobile throttling of throttledLcp.ts, before (the service worker bypassed: the HTTP cache
 * alone) and after (served by the service worker), signed in as a franchise owner.
 */
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../e2e/support';
import { signedInBrowser, type BenchContext } from './lib/context';
import { type FigureSink, median, round } from './lib/results';
import { CPU_SLOWDOWN, RTT_MS, throttle } from './throttledLcp';

const SETTLE_MS = 4_000;
const DISPLAY_MODES = ['standalone', 'fullscreen', 'minimal-ui'];

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  icons?: { src?: string; sizes?: string; type?: string }[];
}

/** What keeps the manifest from making the portal installable (Chromium's installability criteria). */
async function manifestProblems(baseUrl: string): Promise<{ problems: string[]; startUrl: string }> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  // The minified page writes attributes with or without quotes.
  const link = /<link[^>]*\brel=["']?manifest\b[^>]*>/.exec(html)?.[0] ?? '';
  const href = /\bhref=["']?([^"' >]+)/.exec(link)?.[1];
  if (!href) return { problems: ['index.html links no manifest'], startUrl: '/' };
  const answer = await fetch(new URL(href, baseUrl));
  if (!answer.ok) return { problems: [`the manifest answers ${answer.status}`], startUrl: '/' };
  const manifest = (await answer.json()) as Manifest;
  const problems: string[] = [];
  if (!manifest.name && !manifest.short_name) problems.push('no name');
  if (!manifest.start_url) problems.push('no start_url');
  if (!DISPLAY_MODES.includes(manifest.display ?? '')) problems.push(`display is ${manifest.display ?? 'missing'}`);
  const widths = (manifest.icons ?? []).flatMap((icon) => (icon.sizes ?? '').split(' ').map((size) => Number(size.split('x')[0])));
  if (!widths.some((width) => width >= 192)) problems.push('no icon of 192 px or more');
  if (!widths.some((width) => width >= 512)) problems.push('no icon of 512 px or more');
  for (const icon of manifest.icons ?? []) {
    const file = await fetch(new URL(icon.src ?? '', new URL(href, baseUrl)));
    if (!file.ok) problems.push(`icon ${icon.src} answers ${file.status}`);
  }
  return { problems, startUrl: new URL(manifest.start_url ?? '/', new URL(href, baseUrl)).pathname };
}

async function lcpOf(page: Page, url: string, bypassServiceWorker: boolean): Promise<number> {
  // A same-origin page first, so the measured load stays in one renderer with the throttling.
  await page.goto(url.replace(/\/[^/]*$/, '/favicon.svg'));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBypassServiceWorker', { bypass: bypassServiceWorker });
  await throttle(cdp, true);
  try {
    await page.goto(url);
    await page.waitForTimeout(SETTLE_MS);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await throttle(cdp, false);
    await cdp.send('Network.setBypassServiceWorker', { bypass: false });
    await cdp.detach();
  }
}

export async function pwaBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const { problems, startUrl } = await manifestProblems(ctx.baseUrl);
  sink.add({
    metric: 'installable manifest: what is missing (name, start_url, display, 192 and 512 px icons)',
    value: problems.length,
    unit: 'problems',
    goal: '0',
    pass: problems.length === 0,
    note: problems.join('; ') || 'none',
  });

  const browser = await signedInBrowser(ctx, DEMO_USERS.dana.username, DEMO_USERS.dana.password, { width: 412, height: 823 });
  const { page } = browser;
  try {
    const start = `${ctx.baseUrl}${startUrl}`;
    await page.goto(start);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    sink.add({ metric: 'a service worker controls the start page (after its first visit)', value: controlled ? 'yes' : 'no', unit: '', goal: 'yes', pass: controlled });

    await page.context().setOffline(true);
    const offline = await page.goto(start).catch(() => null);
    const status = offline?.status() ?? 0;
    await page.context().setOffline(false);
    sink.add({ metric: 'the start URL offline', value: status, unit: 'HTTP status', goal: '200', pass: status === 200 });

    const targets = [
      { name: 'students list (dana)', path: '/students_list/Dana' },
      { name: 'select-model (Play Machines 2)', path: '/select-model/Play%20Machines%202/167' },
    ];
    for (const target of targets) {
      const url = `${ctx.baseUrl}${target.path}`;
      await page.goto(url);
      await page.waitForTimeout(SETTLE_MS);
      for (const [label, bypass] of [['before: HTTP cache only, service worker bypassed', true], ['after: served by the service worker', false]] as const) {
        const lcps: number[] = [];
        for (let run = 0; run < ctx.runs; run++) lcps.push(await lcpOf(page, url, bypass));
        sink.add({
          metric: `${target.name}: repeat-visit LCP under applied mobile throttling, ${label}`,
          value: round(median(lcps), 0),
          unit: 'ms',
          note: `median of ${lcps.length} (${lcps.map((v) => round(v, 0)).join(', ')}); ${RTT_MS} ms RTT, 1.6 Mbps, ${CPU_SLOWDOWN}x CPU`,
        });
      }
    }
  } finally {
    await browser.close();
  }
}
