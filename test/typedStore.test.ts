/**
 * The store's state is typed from the root reducer and the feature list (src/app/features.ts): the
 * hooks, the sagas' selects and the tests that read the state are checked against it. This
 * type-checks copies of the app (its tests included: they read the state too) after renaming a
 * slice's key, and expects tsc to fail where that key is read by name, for a slice that is there
 * from the start and for slices that join with their features.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** tsc 7 takes a few seconds on the whole tree; a busy 2-core CI machine may take several times that. */
const TSC_TIMEOUT_MS = 120_000;
const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');
/** What the app and its tests type-check with (the tests' harness reaches into server/). */
const FOLDERS = ['src', 'test', 'contract', 'server', 'package.json'];

let workDir: string;
beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'typed-store-'));
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type Edits = Record<string, (source: string) => string>;

/** Type-checks a copy of the app after `edits` (file path -> new text); each edit must change its file. */
function typecheckCopy(name: string, edits: Edits = {}) {
  const dir = path.join(workDir, name);
  const sources = (file: string) => !/\.(webm|png|jpg|svg|md|sh)$/.test(file);
  for (const folder of FOLDERS) cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true, filter: sources });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const tsconfig = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, include: ['src', 'test', 'contract'] }));
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(dir, file);
    const original = readFileSync(target, 'utf8');
    const edited = edit(original);
    if (edited === original) throw new Error(`the ${name} edit did not apply to ${file}`);
    writeFileSync(target, edited);
  }
  const run = spawnSync(TSC, ['--noEmit', '-p', '.'], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Files tsc complains about, relative to the copy. */
const filesWithErrors = (output: string) => new Set([...output.matchAll(/^((?:src|test)\/[^(]+)\(\d+,\d+\): error/gm)].map((m) => m[1] ?? ''));

describe('the typed store', () => {
  it('fails tsc where a slice is read by its key when the key is renamed: in the root reducer, and in a lazily joining feature or entity (one copy, tsc runs once)', () => {
    const result = typecheckCopy('keys-renamed', {
      // A slice there from the start.
      'src/app/rootReducer.ts': (source) => source.replace('combineSlices({ config: configReducer, session })', 'combineSlices({ config: configReducer, signedIn: session })'),
      // A feature's slice, which joins with the feature's screens.
      'src/features/offline/offlineSlice.ts': (source) => source.replace("name: 'offline'", "name: 'connection'"),
      // An entity slice, which joins with the features that read it.
      'src/entities/students/studentsSlice.ts': (source) => source.replace("createSessionListSlice<Student, 'students'>('students')", "createSessionListSlice<Student, 'learners'>('learners')"),
    });
    expect(result.status).not.toBe(0);
    // The copy itself is whole: every error is in the app or its tests, where the keys are read (the
    // unchanged tree type-checks in `npm run typecheck`, CI's step before the tests).
    const errorLines = result.output.split('\n').filter((line) => /\): error TS/.test(line));
    expect(errorLines.filter((line) => !/^(src|test)\//.test(line))).toEqual([]);
    const files = filesWithErrors(result.output);
    // session: the route guards, and a saga's select
    expect(files).toContain('src/app/guards.tsx');
    expect(files).toContain('src/features/auth/authSaga.ts');
    // the lazily joining slices: where tests read them by key
    expect(files).toContain('src/features/offline/offline.test.tsx');
    expect(files).toContain('src/app/persist.test.ts');
    // Their own selectors, sagas and pages follow the slice's own name: nothing else of them fails.
    expect([...files].filter((file) => /^src\/(features\/offline|entities\/students)\//.test(file) && !file.endsWith('.test.tsx'))).toEqual([]);
  }, TSC_TIMEOUT_MS);
});
