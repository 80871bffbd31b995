import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack, { type Stats } from 'webpack';
import webpackConfig from '../../webpack.config';
import { KnownWarningsPlugin } from './knownWarningsPlugin';

/** The export's shape in small: a worker that imports a module whose import() can start the worker. */
const FILES: Record<string, string> = {
  'entry.js': "import('./writer.js').then((m) => m.exportIt());\n",
  'writer.js': "export const write = (x) => 'book:' + x;\nexport async function exportIt() { return (await import('./client.js')).start(); }\n",
  'client.js': "export const start = () => new Worker(/* webpackChunkName: \"xlsx-worker\" */ new URL('./worker.js', import.meta.url));\n",
  'worker.js': "import { write } from './writer.js';\nself.onmessage = (e) => self.postMessage(write(e.data));\n",
};

function build(dir: string, plugins: webpack.WebpackPluginInstance[]): Promise<Stats> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './entry.js' },
    output: { path: path.join(dir, 'out'), filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js' },
    optimization: { runtimeChunk: 'single' },
    plugins,
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('no stats'));
      else resolve(stats);
    }),
  );
}

describe('the production build says little', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'known-warnings-'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(dir, name), text);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('webpack prints errors, warnings and the time only', () => {
    const config = webpackConfig({}, { mode: 'production' });
    expect(config.stats).toEqual({ preset: 'errors-warnings', timings: true });
  });

  test("the runtime / export-worker chunk notice becomes one calm line; other warnings stay", async () => {
    const plugin = (webpackConfig({}, { mode: 'production' }).plugins ?? []).find((p) => p instanceof KnownWarningsPlugin);
    expect(plugin).toBeDefined();
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const stats = await build(dir, [plugin as KnownWarningsPlugin]);
      expect(stats.toString({ preset: 'errors-warnings' })).not.toMatch(/WARNING/);
      expect(log.mock.calls).toEqual([[expect.stringMatching(/^Note: the export worker's chunk and the runtime refer to each other/)]]);

      const unjudged = await build(dir, [new KnownWarningsPlugin([{ message: /something else/, note: 'x' }])]);
      expect(unjudged.toString({ preset: 'errors-warnings' })).toMatch(/Circular dependency between chunks with runtime/);
    } finally {
      log.mockRestore();
    }
  }, 30_000);
});
