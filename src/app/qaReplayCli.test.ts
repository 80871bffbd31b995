import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sessionActions } from '../entities/session/sessionSlice';
import { ACTION_LOG_FORMAT, APP_VERSION, type ActionLog } from '../qa/logFormat';
import { SESSION_PERSIST_VERSION } from './persist';

const root = path.resolve(__dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'qa-replay-'));
const file = (name: string, value: unknown) => {
  const at = path.join(dir, name);
  writeFileSync(at, JSON.stringify(value));
  return at;
};
/** What `npm run replay -- ...` runs. */
const replay = (...args: string[]) =>
  spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['src/app/qaReplayCli.ts', ...args], { cwd: root, encoding: 'utf8' });

const log: ActionLog = {
  format: ACTION_LOG_FORMAT,
  formatVersion: 1,
  appVersion: APP_VERSION,
  persistVersion: SESSION_PERSIST_VERSION,
  recordedAt: '2026-03-01T10:00:05.000Z',
  startedAt: '2026-03-01T10:00:00.000Z',
  capacity: 5000,
  dropped: 0,
  startState: {},
  actions: [
    { time: '2026-03-01T10:00:01.000Z', action: sessionActions.loginSucceeded({ token: '[redacted]', userId: 10, userName: 'Mia Levi', userNicename: 'mia', email: 'm@x.test', role: 'student' }) },
    { time: '2026-03-01T10:00:02.000Z', action: sessionActions.modelUnlocked({ lessonId: 5, modelName: 'Crane' }) },
  ],
};

describe('npm run replay (src/app/qaReplayCli.ts)', () => {
  it('prints the final state of a log replayed through the real reducers', () => {
    const run = replay(file('log.json', log));
    expect(run.status).toBe(0);
    const state = JSON.parse(run.stdout) as { session: Record<string, unknown> };
    expect(state.session).toMatchObject({ userName: 'Mia Levi', unlockedLessonIds: [5], unlockedModels: { Crane: true } });
  });

  it('exits 1 naming the first divergent action when the state differs from --expect', () => {
    const expected = file('expected.json', { session: { ...JSON.parse(replay(file('log2.json', log)).stdout).session, unlockedLessonIds: [] } });
    const run = replay(path.join(dir, 'log.json'), '--expect', expected);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('from action 2 of 2 on: session/modelUnlocked');
    expect(run.stdout).toContain('session.unlockedLessonIds: [5], expected [] (since action 2)');
  });
});
