/**
 * Export in chromium: 10,000 and 50,000 students to .xlsx, from the click on "Export to Excel" to
 * the file handed to the browser (URL.createObjectURL of the workbook blob, wrapped by an init
 * script), with every long task (PerformanceObserver 'longtask') in between, and the file's size.
 */
import { statSync } from 'node:fs';
import { signedInBrowser, type BenchContext } from './lib/context';
import { type FigureSink, kib, median, round } from './lib/results';
import { BENCH_OWNERS } from './lib/seed';

declare global {
  interface Window {
    __benchBlobs?: { t: number; size: number; type: string }[];
  }
}

const LIMITS: Record<number, number> = { 10_000: 1000, 50_000: 3000 };

export async function exportBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  for (const owner of BENCH_OWNERS) {
    const n = owner.students.toLocaleString('en');
    const browser = await signedInBrowser(ctx, owner.username, owner.password);
    try {
      const { page } = browser;
      await page.addInitScript(() => {
        window.__benchBlobs = [];
        const original = URL.createObjectURL.bind(URL);
        URL.createObjectURL = (obj: Blob | MediaSource) => {
          if (obj instanceof Blob) window.__benchBlobs!.push({ t: performance.now(), size: obj.size, type: obj.type });
          return original(obj);
        };
      });
      await page.goto(`${ctx.baseUrl}/students_list/Bench`);
      await page.locator('tbody tr[aria-rowindex] td').first().waitFor({ timeout: 60_000 });
      const button = page.getByRole('button', { name: 'Export to Excel' });
      const times: number[] = [];
      const longest: number[] = [];
      const sizes: number[] = [];
      const runs = owner.students > 10_000 ? 3 : Math.max(3, ctx.runs);
      // The first export also fetches the xlsx chunk: a warm-up, reported on its own.
      for (let run = -1; run < runs; run++) {
        await button.waitFor();
        await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
        const download = page.waitForEvent('download', { timeout: 60_000 });
        const t0 = await page.evaluate(() => {
          const w = window as unknown as { __benchLong: number[]; __benchObserver?: PerformanceObserver };
          w.__benchLong = [];
          w.__benchObserver = new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__benchLong.push(e.duration);
          });
          w.__benchObserver.observe({ type: 'longtask', buffered: false });
          window.__benchBlobs = [];
          return performance.now();
        });
        await button.click();
        const file = await download;
        const filePath = await file.path();
        await page.waitForTimeout(300); // the last long task's entry is queued after it ends
        const { blobAt, long } = await page.evaluate(() => {
          const w = window as unknown as { __benchLong: number[]; __benchObserver?: PerformanceObserver };
          w.__benchObserver?.disconnect();
          const blob = (window.__benchBlobs ?? []).find((b) => b.type.includes('spreadsheet') || b.size > 1000);
          return { blobAt: blob?.t ?? null, long: w.__benchLong };
        });
        if (blobAt === null) throw new Error('the export produced no blob');
        const ms = blobAt - t0;
        if (run < 0) {
          sink.add({ metric: `export ${n}: first export (includes fetching the xlsx chunk)`, value: round(ms, 0), unit: 'ms' });
          continue;
        }
        times.push(ms);
        longest.push(long.length ? Math.max(...long) : 0);
        sizes.push(statSync(filePath).size);
      }
      const limit = LIMITS[owner.students] ?? 3000;
      sink.addGoal({ metric: `export ${n} rows: click to file`, value: round(median(times), 0), unit: 'ms', note: `median of ${times.length}` }, limit);
      sink.addGoal({ metric: `export ${n} rows: longest main-thread task`, value: round(Math.max(...longest), 0), unit: 'ms', note: `worst of ${longest.length} exports (PerformanceObserver longtask)` }, 200);
      sink.add({ metric: `export ${n} rows: file size`, value: kib(median(sizes)), unit: 'KB', note: 'xlsx, deflate-compressed' });
    } finally {
      await browser.close();
    }
  }
}
