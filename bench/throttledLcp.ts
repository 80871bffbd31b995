/**
 * Largest Contentful Paint measured in chromium itself under applied throttling (150 ms round
 * trips, 1.6 Mbps down, 750 kbps up, 4x slower CPU: Lighthouse's mobile conditions, but applied
 * to a real load instead of simulated afterwards), signed in as a franchise owner, HTTP cache,
 * service worker and its caches cleared before each load (a first visit). Lighthouse's simulated
 * score moves by +-0.05 between runs on a shared 2-core machine; these medians move by a few tens
 * of milliseconds, so they show what a change did.
 */
import type { CDPSession } from 'playwright-core';
import { DEMO_USERS } from '../e2e/support';
import { signedInBrowser, type BenchContext } from './lib/context';
import { type FigureSink, median, round } from './lib/results';

export const RTT_MS = 150;
const DOWN_BYTES_PER_S = (1.6 * 1024 * 1024) / 8;
const UP_BYTES_PER_S = (750 * 1024) / 8;
export const CPU_SLOWDOWN = 4;
const SETTLE_MS = 6_000;

export async function throttle(cdp: CDPSession, on: boolean): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', on
    ? { offline: false, latency: RTT_MS, downloadThroughput: DOWN_BYTES_PER_S, uploadThroughput: UP_BYTES_PER_S }
    : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? CPU_SLOWDOWN : 1 });
}

export async function throttledLcpBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const browser = await signedInBrowser(ctx, DEMO_USERS.dana.username, DEMO_USERS.dana.password, { width: 412, height: 823 });
  const { page } = browser;
  try {
    const targets = [
      { name: 'select-model (Play Machines 2)', path: '/select-model/Play%20Machines%202/167' },
      { name: 'gallery (Lawn Mower)', path: `/model_building_instructions/Play%20Machines%202/167/${ctx.lawnMowerId}` },
      { name: 'students list (dana)', path: '/students_list/Dana' },
    ];
    for (const target of targets) {
      const lcps: number[] = [];
      for (let run = 0; run < ctx.runs; run++) {
        // A same-origin page first, so the measured load stays in one renderer with the throttling.
        await page.goto(`${ctx.baseUrl}/favicon.svg`);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.clearBrowserCache');
        // Without this the service worker would serve every load after the first (bench/pwa.ts measures that).
        await cdp.send('Storage.clearDataForOrigin', { origin: new URL(ctx.baseUrl).origin, storageTypes: 'service_workers,cache_storage' });
        await throttle(cdp, true);
        try {
          await page.goto(`${ctx.baseUrl}${target.path}`);
          await page.waitForTimeout(SETTLE_MS);
          lcps.push(
            await page.evaluate(
              () =>
                new Promise<number>((resolve) => {
                  new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
                }),
            ),
          );
        } finally {
          await throttle(cdp, false);
          await cdp.detach();
        }
      }
      sink.add({
        metric: `${target.name}: LCP under applied mobile throttling`,
        value: round(median(lcps), 0),
        unit: 'ms',
        note: `median of ${lcps.length} (${lcps.map((v) => round(v, 0)).join(', ')}); ${RTT_MS} ms RTT, 1.6 Mbps, ${CPU_SLOWDOWN}x CPU`,
      });
    }
  } finally {
    await browser.close();
  }
}
