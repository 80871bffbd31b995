/** Placeholder saga; the feature's issue fills it. */
export function* contentSaga(): Generator {
  // nothing yet
}
