/** Placeholder saga; the feature's issue fills it. */
export function* termsSaga(): Generator {
  // nothing yet
}
