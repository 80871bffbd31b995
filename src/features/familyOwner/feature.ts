import { defineFeature } from '../../shared/feature';

/**
 * An owner's side of families: a family's language on the student's page, and the families' erasure
 * requests (a notice on her students list, a line on the student's page). Screens of other features
 * show its parts (app/pageNotices.tsx, app/studentPage), which join it.
 */
export const familyOwnerFeature = defineFeature({
  name: 'familyOwner',
  flows: () => import(/* webpackChunkName: "family-owner-flows" */ './flows'),
});
