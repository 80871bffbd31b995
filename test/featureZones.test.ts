/**
 * No feature imports another (eslint.config.mjs, featureZones): the zones are read from the folders
 * of src/features, so a feature added later is kept apart at once. This lints a copy of the
 * configuration over a tree with a folder for every feature of src/features and one more that no
 * list names, where every feature imports every other: each such import fails with its zone's
 * message, and an import of shared/ passes. One ESLint process lints them all.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** A feature no list names: it exists only in this test's tree. */
const NEW_FEATURE = 'zoneProbeNewFeature';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'feature-zones-'));
  copyFileSync(path.join(ROOT, 'eslint.config.mjs'), path.join(dir, 'eslint.config.mjs'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const realFeatures = () =>
  readdirSync(path.join(ROOT, 'src', 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Each feature's probe imports every other feature's, and shared/. */
function writeTree(features: string[]) {
  mkdirSync(path.join(dir, 'src', 'shared'), { recursive: true });
  writeFileSync(path.join(dir, 'src', 'shared', 'theme.ts'), 'export const theme = {};\n');
  for (const name of features) {
    const others = features.filter((other) => other !== name);
    const source = [
      "import { theme } from '../../shared/theme';",
      ...others.map((other, i) => `import { probe as p${i} } from '../${other}/probe';`),
      `export const probe = [theme, ${others.map((_, i) => `p${i}`).join(', ')}];`,
      '',
    ].join('\n');
    mkdirSync(path.join(dir, 'src', 'features', name), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'features', name, 'probe.ts'), source);
  }
}

/** The zone messages ESLint gives each feature's probe, by feature. */
function zoneMessages(features: string[]): Record<string, string[]> {
  const script = `
    import { ESLint } from 'eslint';
    const features = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const results = await eslint.lintFiles(features.map((name) => 'src/features/' + name + '/probe.ts'));
    const out = {};
    for (const result of results) {
      const name = result.filePath.split('/').slice(-2)[0];
      out[name] = result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(features)], { cwd: dir, encoding: 'utf8', timeout: 90_000 });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, string[]>;
}

test('an import from one feature into another fails lint, for every pair, a feature no list names included; shared/ may be imported', () => {
  const features = [...realFeatures(), NEW_FEATURE];
  expect(features.length).toBeGreaterThan(10);
  writeTree(features);
  const messages = zoneMessages(features);
  for (const name of features) {
    // One refusal for each other feature, each naming the importing feature; none for shared/.
    expect({ name, count: messages[name]?.length }).toEqual({ name, count: features.length - 1 });
    for (const message of messages[name] ?? []) expect(message).toContain(`src/features/${name} may import only itself`);
  }
}, 120_000);
