import { defineFeature } from '../../shared/feature';

/**
 * The header and menu of every screen (in the entry); its state, the terms check, loads with the
 * signed-in menu.
 */
export const layoutFeature = defineFeature({
  name: 'layout',
  flows: () => import(/* webpackChunkName: "terms-check" */ './flows'),
});
