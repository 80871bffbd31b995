/** `npm run replay -- log.json [--expect expected.json]`: see REPLAY_HELP in src/qa/replayCli.ts. */
import { readFileSync } from 'node:fs';
import { runReplayCli } from '../qa/replayCli';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION } from './persist';
import { sessionMigrations } from './sessionMigrations';
import { loadReplayReducer } from './replayReducer';

void loadReplayReducer().then((reducer) => {
  process.exitCode = runReplayCli(process.argv.slice(2), {
    reducer,
    persistVersion: SESSION_PERSIST_VERSION,
    migrations: sessionMigrations,
    persistKey: SESSION_PERSIST_KEY,
    readFile: (path) => readFileSync(path, 'utf8'),
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
});
