/** Placeholder saga; the feature's issue fills it. */
export function* rosterSaga(): Generator {
  // nothing yet
}
