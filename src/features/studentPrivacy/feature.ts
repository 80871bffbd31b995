import { defineFeature } from '../../shared/feature';

/**
 * A child's data on a student's page: a readable copy or a download of everything kept, and erasing
 * it (studentPageSection.ts; the page is assembled in app/studentPage, which joins this feature).
 */
export const studentPrivacyFeature = defineFeature({
  name: 'studentPrivacy',
  // With the roster's flows, in one chunk: a student's page joins the roster and every student feature at once.
  flows: () => import(/* webpackChunkName: "page-student" */ './flows'),
});
