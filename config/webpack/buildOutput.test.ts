import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack, { type Stats } from 'webpack';
import webpackConfig from '../../webpack.config';

const root = path.resolve(__dirname, '../..');

/** The spreadsheet export (shared/export) alone, built with the project's loaders, chunking and hashing (not minified: faster). */
function buildExport(outDir: string): Promise<Stats> {
  const { module, resolve, optimization, output, performance } = webpackConfig({}, { mode: 'production' });
  const compiler = webpack({
    mode: 'production',
    context: root,
    entry: { main: './src/shared/export/exportService.ts' },
    output: { ...output, path: outDir },
    module,
    resolve,
    performance,
    optimization: { ...optimization, minimize: false },
    devtool: false,
  });
  return new Promise((done, fail) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) fail(error ?? new Error('no stats'));
      else done(stats);
    }),
  );
}

describe('the production build says little', () => {
  test('webpack prints errors, warnings and the time only', () => {
    const config = webpackConfig({}, { mode: 'production' });
    expect(config.stats).toEqual({ preset: 'errors-warnings', timings: true });
  });

  test("the export worker's chunk does not refer back to the runtime: no circular-chunks warning", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'export-chunks-'));
    try {
      const stats = await buildExport(outDir);
      const { errors, warnings } = stats.compilation;
      expect([...errors, ...warnings].map((problem) => problem.message)).toEqual([]);
      // Chunk files are named by number: the worker is the chunk named "xlsx-worker", written to assets/.
      const worker = [...stats.compilation.chunks].find((chunk) => chunk.name === 'xlsx-worker');
      const files = [...(worker?.files ?? [])];
      expect(files).toHaveLength(1);
      expect(readdirSync(path.join(outDir, 'assets')).map((file) => `assets/${file}`)).toContain(files[0]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 60_000);
});
