import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Compiler, Compilation } from 'webpack';
import { defaultPageBudget, type RouteBudget } from '../budgets';

const kb = (bytes: number) => bytes / 1024;

/** dist/bundle-report.json: what each route loads (gzip -9 bytes), as the budget check computed it. */
export interface BundleReport {
  generatedAt: string;
  /** JavaScript file (relative to dist/) -> gzipped bytes */
  chunks: Record<string, number>;
  routes: { route: string; files: string[]; gzipBytes: number; budgetKb: number; ok: boolean }[];
}

/**
 * Prints each route's gzipped total against its budget (every chunk's size goes to
 * dist/bundle-report.json), and fails a production build whose route exceeds its budget.
 */
export class BudgetPlugin {
  constructor(private readonly budgets: RouteBudget[], private readonly enforce: boolean) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('BudgetPlugin', (compilation: Compilation) => {
      const gzipSizes = new Map<string, number>();
      for (const asset of compilation.getAssets()) {
        if (!asset.name.endsWith('.js')) continue;
        // After emit webpack keeps only the sizes of sources, so read what was written to disk.
        const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
        const bytes = readFileSync(path.join(outputPath, asset.name));
        gzipSizes.set(asset.name, gzipSync(bytes, { level: 9 }).length);
      }
      const filesOf = (groupName: string): string[] => {
        const group = compilation.namedChunkGroups.get(groupName) ?? compilation.entrypoints.get(groupName);
        if (!group) return [];
        return group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
      };

      const allKb = kb([...gzipSizes.values()].reduce((sum, size) => sum + size, 0));
      const lines = ['', `JavaScript: ${gzipSizes.size} files, ${allKb.toFixed(1)} KB gzipped in all (each file's size: dist/bundle-report.json)`];
      lines.push('', 'Route budgets (entry + layout + page, gzipped):');
      const failures: string[] = [];
      const report: BundleReport = { generatedAt: new Date().toISOString(), chunks: Object.fromEntries(gzipSizes), routes: [] };
      // Every page chunk is checked: those no budget names, against the default page budget.
      const named = new Set(this.budgets.flatMap((budget) => budget.chunkGroups));
      const unnamed = [...compilation.namedChunkGroups.keys()].filter((name) => name.startsWith('page-') && !named.has(name)).sort();
      for (const budget of [...this.budgets, ...unnamed.map(defaultPageBudget)]) {
        const files = new Set(['main', ...budget.chunkGroups].flatMap(filesOf));
        const total = [...files].reduce((sum, file) => sum + (gzipSizes.get(file) ?? 0), 0);
        const ok = kb(total) <= budget.maxGzipKb;
        report.routes.push({ route: budget.route, files: [...files], gzipBytes: total, budgetKb: budget.maxGzipKb, ok });
        lines.push(`  ${ok ? 'ok  ' : 'OVER'} ${kb(total).toFixed(1).padStart(7)} / ${budget.maxGzipKb} KB  ${budget.route}`);
        if (!ok) failures.push(`${budget.route}: ${kb(total).toFixed(1)} KB gzipped > ${budget.maxGzipKb} KB budget`);
        if (budget.chunkGroups.some((group) => filesOf(group).length === 0)) {
          lines.push(`        (chunk group missing: ${budget.chunkGroups.filter((g) => filesOf(g).length === 0).join(', ')})`);
        }
      }
      // The blank line ends the table for readers of the log (.ci/run prints from "Route budgets" to it).
      console.log([...lines, ''].join('\n'));
      // The benchmark suite (npm run bench) reads the same figures.
      writeFileSync(path.join(compilation.outputOptions.path ?? compiler.outputPath, 'bundle-report.json'), `${JSON.stringify(report, null, 2)}\n`);
      if (this.enforce && failures.length > 0) {
        for (const failure of failures) compilation.errors.push(new Error(`Bundle budget exceeded: ${failure}`) as never);
      }
    });
  }
}
