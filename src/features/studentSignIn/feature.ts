import { defineFeature } from '../../shared/feature';

/**
 * A student's sign-in: their login name, a new password (shown once) and the printable sign-in card,
 * in the Sign-in section of a student's page (studentPageSection.ts; the page is assembled in
 * app/studentPage, which joins this feature).
 */
export const studentSignInFeature = defineFeature({
  name: 'studentSignIn',
  // With the roster's flows, in one chunk: a student's page joins the roster and every student feature at once.
  flows: () => import(/* webpackChunkName: "page-student" */ './flows'),
});
