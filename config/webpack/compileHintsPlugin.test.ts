import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { COMPILE_HINT, CompileHintsPlugin } from './compileHintsPlugin';

function build(dir: string): Promise<void> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'out'), filename: '[name].js', chunkFilename: '[name].js' },
    devtool: 'source-map',
    plugins: [new CompileHintsPlugin()],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else resolve();
    }),
  );
}

describe('CompileHintsPlugin', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
    writeFileSync(path.join(dir, 'entry.js'), "/* a license-like comment */\nexport function greet(name) { return 'Hello, ' + name; }\nimport(/* webpackChunkName: \"later\" */ './later.js').then((m) => console.log(greet(m.who)));\n");
    writeFileSync(path.join(dir, 'later.js'), "export const who = 'tablet';\n");
    await build(dir);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts every minified JavaScript file, the entry and lazy chunks, with V8’s compile hint', () => {
    const files = readdirSync(path.join(dir, 'out')).filter((f) => f.endsWith('.js'));
    expect(files.sort()).toEqual(['later.js', 'main.js']);
    for (const file of files) {
      const code = readFileSync(path.join(dir, 'out', file), 'utf8');
      expect(code.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
      // minified after all: the hint survived minification because it is added after it
      expect(code).not.toContain('license-like');
    }
  });

  it('shifts the source map by the added line, so it still points at the right code', () => {
    const code = readFileSync(path.join(dir, 'out', 'main.js'), 'utf8');
    const map = JSON.parse(readFileSync(path.join(dir, 'out', 'main.js.map'), 'utf8')) as { mappings: string; sources: string[] };
    // One ';' per generated line break: the hint's line maps to nothing, the minified code below it keeps its mappings.
    expect(map.mappings.startsWith(';')).toBe(true);
    expect(map.mappings.split(';')).toHaveLength(code.trimEnd().split('\n').length - 1);
    expect(map.mappings.split(';')[1]).not.toBe('');
    expect(map.sources.some((source) => source.endsWith('entry.js'))).toBe(true);
  });
});
