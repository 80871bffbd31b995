import type { ActionLog, JsonObject } from './logFormat';

export interface Difference {
  /** Dotted path, e.g. 'session.unlockedLessonIds'. */
  path: string;
  expected: unknown;
  actual: unknown;
  /**
   * 0-based index of the action after which the replayed value became what it is at the end and
   * stayed so; -1 when no action changed it (the starting state already had it).
   */
  since: number;
}

export interface Comparison {
  matches: boolean;
  /** Differences in leaf values, at most `limit`. */
  differences: Difference[];
  /** The earliest `since` over the differences: the first action from which the state went wrong for good. */
  firstDivergentAction: number | null;
}

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}

const valueAt = (root: unknown, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as JsonObject)[key] : undefined), root);

/** Leaf paths where two JSON values differ (objects and arrays are walked; anything else is a leaf). */
function differingPaths(actual: unknown, expected: unknown, path: string[], out: string[][], limit: number): void {
  if (out.length >= limit || deepEqual(actual, expected)) return;
  const bothObjects = isObject(actual) && isObject(expected);
  const bothArrays = Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length;
  if (!bothObjects && !bothArrays) {
    out.push(path);
    return;
  }
  const keys = new Set([...Object.keys(actual as JsonObject), ...Object.keys(expected as JsonObject)]);
  for (const key of keys) differingPaths((actual as JsonObject)[key], (expected as JsonObject)[key], [...path, key], out, limit);
}

/**
 * Compares a replay with an expected final state. Only the top-level slices the expected state
 * names are compared (so an expected file may hold just the slices a test cares about); inside
 * them the comparison is exact. For each differing value, walks back from the end to the action
 * after which the replay first held its final value.
 */
export function compareWithExpected(states: readonly unknown[], expected: JsonObject, limit = 20): Comparison {
  const finalState = states[states.length - 1];
  const paths: string[][] = [];
  for (const key of Object.keys(expected)) differingPaths(valueAt(finalState, [key]), expected[key], [key], paths, limit);
  const differences = paths.map((path): Difference => {
    const actual = valueAt(finalState, path);
    let first = states.length - 1;
    while (first > 0 && deepEqual(valueAt(states[first - 1], path), actual)) first -= 1;
    return { path: path.join('.'), expected: valueAt(expected, path), actual, since: first - 1 };
  });
  const firstDivergentAction = differences.length === 0 ? null : Math.min(...differences.map((d) => d.since));
  return { matches: differences.length === 0, differences, firstDivergentAction };
}

const show = (value: unknown) => (value === undefined ? '(missing)' : JSON.stringify(value));

/** A short report for people: which action went wrong, and which values differ. */
export function describeComparison(comparison: Comparison, log: ActionLog): string {
  if (comparison.matches) return `The replayed state matches the expected state (${log.actions.length} actions).`;
  const at = comparison.firstDivergentAction ?? -1;
  const entry = log.actions[at];
  const lines = [
    at < 0 || !entry
      ? 'The replayed state differs from the expected state; no action changed the differing values (the starting state already had them).'
      : `The replayed state differs from the expected state from action ${at + 1} of ${log.actions.length} on: ${entry.action.type} (${entry.time}).`,
  ];
  for (const d of comparison.differences) {
    const since = d.since < 0 ? 'since the start' : `since action ${d.since + 1}`;
    lines.push(`  ${d.path}: ${show(d.actual)}, expected ${show(d.expected)} (${since})`);
  }
  return lines.join('\n');
}
