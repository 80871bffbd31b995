/** Placeholder saga; the feature's issue fills it. */
export function* authSaga(): Generator {
  // nothing yet
}
