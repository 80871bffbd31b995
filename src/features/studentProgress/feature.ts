import { defineFeature } from '../../shared/feature';

/**
 * How far a student is, model by model: the Progress section of a student's page (studentPageSection.ts;
 * the page is assembled in app/studentPage, which joins this feature).
 */
export const studentProgressFeature = defineFeature({
  name: 'studentProgress',
  // With the roster's flows, in one chunk: a student's page joins the roster and every student feature at once.
  flows: () => import(/* webpackChunkName: "page-student" */ './flows'),
});
