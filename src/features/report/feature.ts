import { defineFeature } from '../../shared/feature';

/**
 * "Report a problem": the dialog the app opens from the menu, an error screen or a crash; it joins
 * the first time it opens, or at start when reports saved offline wait to be sent.
 */
export const reportFeature = defineFeature({
  name: 'report',
  flows: () => import(/* webpackChunkName: "problem-report" */ './flows'),
});
