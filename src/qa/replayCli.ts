import { compareWithExpected, describeComparison } from './compare';
import { ActionLogError, type JsonObject } from './logFormat';
import { replayLog, type ReplayOptions, type ReplayReducer } from './replay';

export const REPLAY_HELP = `Usage: npm run replay -- <log.json> [--expect <expected.json>]

Replays a QA action log (downloaded from the QA panel) through the portal's real reducers,
without sagas or network, and:
  without --expect  prints the final state as JSON; exit code 0.
  with --expect     compares the final state with the expected state file: exit code 0 when they
                    match, 1 when they differ, with a report of the differing values.

Comparison: only the top-level slices named in the expected file are compared (e.g. a file with
just {"session": {...}} checks the session only); inside a slice the comparison is exact. For each
differing value the replay walks back to the action after which the value became what it is at
the end and stayed so; the earliest such action is reported as the first divergent action
("since the start" when no action changed it).

A log from an older session version is migrated with the portal's session migrations; a log from
a newer portal, or that is not an action log, is refused with a message (exit code 1).`;

export interface ReplayCliDeps<S> extends ReplayOptions {
  reducer: ReplayReducer<S>;
  readFile: (path: string) => string;
  out: (text: string) => void;
  err: (text: string) => void;
}

function readJson(path: string, readFile: (path: string) => string): unknown {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    throw new ActionLogError(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ActionLogError(`${path} is not JSON.`);
  }
}

/** The CLI behind `npm run replay`; returns the exit code. */
export function runReplayCli<S>(argv: readonly string[], deps: ReplayCliDeps<S>): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    deps.out(REPLAY_HELP);
    return 0;
  }
  const expectAt = argv.indexOf('--expect');
  const expectPath = expectAt >= 0 ? argv[expectAt + 1] : undefined;
  const positional = expectAt < 0 ? argv : argv.filter((_arg, i) => i !== expectAt && i !== expectAt + 1);
  const logPath = positional[0];
  if (!logPath || positional.length > 1 || (expectAt >= 0 && !expectPath)) {
    deps.err(REPLAY_HELP);
    return 1;
  }
  try {
    const result = replayLog(readJson(logPath, deps.readFile), deps.reducer, deps);
    for (const warning of result.warnings) deps.err(`note: ${warning}`);
    if (!expectPath) {
      deps.out(JSON.stringify(result.finalState, null, 2));
      return 0;
    }
    const expected = readJson(expectPath, deps.readFile);
    if (expected === null || typeof expected !== 'object' || Array.isArray(expected)) throw new ActionLogError(`${expectPath} is not a state object.`);
    const comparison = compareWithExpected(result.states, expected as JsonObject);
    deps.out(describeComparison(comparison, result.log));
    return comparison.matches ? 0 : 1;
  } catch (error) {
    if (!(error instanceof ActionLogError)) throw error;
    deps.err(error.message);
    return 1;
  }
}
