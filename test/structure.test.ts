/**
 * The shape the code keeps (docs/architecture.md): no import cycle in src/ or server/ (madge, with
 * package.json's settings: type-only imports skipped, as the type checker erases them), no file in
 * src/ longer than 300 lines, and the transport's request called from src/api/ only (features make
 * their calls through their api.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const ROOT = path.resolve(__dirname, '..');
const MAX_LINES = 300;

const settings = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { madge: madge.MadgeConfig }).madge;

function filesUnder(folder: string): string[] {
  return (readdirSync(path.join(ROOT, folder), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

describe('the structure', () => {
  it.each(['src', 'server'])('has no import cycle in %s/', async (folder) => {
    const graph = await madge(path.join(ROOT, folder), { ...settings, baseDir: ROOT, tsConfig: path.join(ROOT, 'tsconfig.json') });
    expect(graph.circular()).toEqual([]);
  }, 60_000);

  it(`has no file in src/ over ${MAX_LINES} lines`, () => {
    const long = filesUnder('src')
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("calls the transport's request from src/api/ only", () => {
    const callers = filesUnder('src').filter((file) => !file.startsWith(`src${path.sep}api${path.sep}`) && /\bapi\.request\(|\[api, api\.request\]/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(callers).toEqual([]);
  });

  it('asks styled-components for no vendor prefixes (the build leaves stylis\'s prefixer out: webpack.config.ts)', () => {
    const asking = filesUnder('src').filter((file) => /\bStyleSheetManager\b|enableVendorPrefixes/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(asking).toEqual([]);
  });
});
