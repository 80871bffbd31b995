/**
 * Renovation item 1: the store's hooks and sagas' selects are checked against the real root state
 * (shared/storeHooks.ts StoreState, filled in by src/app/storeState.d.ts). This type-checks a copy
 * of src/ with a slice key renamed in app/rootReducer.ts and expects tsc to fail where the slice
 * is read, not only in a page test.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** tsc 7 takes about 3 s on the whole tree; a busy 2-core CI machine may take several times that. */
const TSC_TIMEOUT_MS = 90_000;
const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');
/** Top-level folders src/ may import from (the wire contract once it moves out of src/). */
const SIBLINGS = ['contract', 'packages'];

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'typed-store-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Type-checks a copy of src/ (tests left out: they import test/ and server/), after `edit` of its rootReducer.ts. */
function typecheckCopy(name: string, edit: (rootReducer: string) => string = (source) => source) {
  const dir = path.join(workDir, name);
  const skipTests = (file: string) => !/\.test\.tsx?$/.test(file);
  cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), { recursive: true, filter: skipTests });
  const included = ['src'];
  for (const sibling of SIBLINGS) {
    if (!existsSync(path.join(ROOT, sibling))) continue;
    cpSync(path.join(ROOT, sibling), path.join(dir, sibling), { recursive: true, filter: skipTests });
    included.push(sibling);
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const tsconfig = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, include: included }));
  const rootReducerFile = path.join(dir, 'src', 'app', 'rootReducer.ts');
  const original = readFileSync(rootReducerFile, 'utf8');
  const edited = edit(original);
  if (edited === original && name !== 'unchanged') throw new Error(`the ${name} edit did not apply to rootReducer.ts`);
  writeFileSync(rootReducerFile, edited);
  const run = spawnSync(TSC, ['--noEmit', '-p', '.'], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Files tsc complains about, relative to the copy. */
const filesWithErrors = (output: string) => new Set([...output.matchAll(/^(src\/[^(]+)\(\d+,\d+\): error/gm)].map((m) => m[1]));

describe('the typed store', () => {
  it('type-checks as it is', () => {
    const result = typecheckCopy('unchanged');
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  }, TSC_TIMEOUT_MS);

  it('fails tsc where the slices are read when a slice key is renamed (one copy, two renames: tsc runs once)', () => {
    const result = typecheckCopy('keys-renamed', (source) =>
      source.replace(/^(\s+)roster: rosterReducer,/m, '$1rosterFlow: rosterReducer,').replace('session: sessionReducer', 'signedIn: sessionReducer'),
    );
    expect(result.status).not.toBe(0);
    const files = filesWithErrors(result.output);
    // roster: a page's useAppSelector and a saga's selectFromStore
    expect(files).toContain('src/features/roster/StudentsListPage.tsx');
    expect(files).toContain('src/features/roster/rosterSaga.ts');
    // session: the route guards
    expect(files).toContain('src/app/guards.tsx');
  }, TSC_TIMEOUT_MS);
});
