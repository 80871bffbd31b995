/**
 * package.json declares what the code imports, and says whose each runtime dependency is: its
 * `dependencySides` lists the browser's (imported by src/) and the server's (imported by server/).
 * This reads every import of the repository and checks both, so neither list drifts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  dependencySides: { browser: string[]; server: string[] };
};
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', 'artifacts', 'results', 'coverage']);
const IMPORT = /(?:^|[^\w.])(?:from\s+|import\s*\(\s*|require(?:\.resolve)?\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g;

/** The package a bare import names ('@scope/name/deep' -> '@scope/name'). */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const isBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);

/** Packages imported by the code under `folder` (a top-level folder or file of the repository). */
function importsOf(folder: string): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    // Comments go first: prose may say "from 'self'", and a chunk's name sits inside import(...).
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const match of code.matchAll(IMPORT)) {
      const name = packageOf(match[1] ?? '');
      // Template strings in generated code (${...}) and plain words in prose are not imports.
      if (!isBuiltin(name) && /^(@[\w.-]+\/)?[\w.-]+$/.test(name)) found.add(name);
    }
  };
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const next = path.join(at, entry.name);
      if (entry.isDirectory()) walk(next);
      else if (/\.(tsx?|mjs|cjs|js)$/.test(entry.name)) visit(next);
    }
  };
  const start = path.join(ROOT, folder);
  if (/\.\w+$/.test(folder)) visit(start);
  else walk(start);
  return found;
}

const browser = importsOf('src');
const server = new Set([...importsOf('server'), ...importsOf('contract')]);
const tools = new Set(['test', 'e2e', 'bench', 'config', 'deploy', 'webpack.config.ts', 'jest.config.ts', 'eslint.config.mjs'].flatMap((folder) => [...importsOf(folder)]));
const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
/** What the scripts run (npm start runs the server through tsx). */
const scripted = Object.keys(pkg.dependencies).filter((name) => Object.values(pkg.scripts).some((script) => script.includes(name)));

describe('dependencies', () => {
  it('declares every package the code imports', () => {
    const undeclared = [...new Set([...browser, ...server, ...tools])].filter((name) => !declared.has(name) && !declared.has(`@types/${name}`));
    expect(undeclared).toEqual([]);
  });

  it('lists as dependencies only what the browser or the server imports (or npm start runs), each on its side', () => {
    const runtime = Object.keys(pkg.dependencies).sort();
    expect(runtime.filter((name) => !browser.has(name) && !server.has(name) && !scripted.includes(name))).toEqual([]);
    expect([...pkg.dependencySides.browser].sort()).toEqual(runtime.filter((name) => browser.has(name)));
    expect([...pkg.dependencySides.server].sort()).toEqual(runtime.filter((name) => server.has(name) || (scripted.includes(name) && !browser.has(name))));
  });
});
