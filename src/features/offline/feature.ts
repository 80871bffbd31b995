import { defineFeature } from '../../shared/feature';

/** Offline use: the connection's state, the service worker and its caches; joins after the first render. */
export const offlineFeature = defineFeature({
  name: 'offline',
  flows: () => import(/* webpackChunkName: "offline" */ './flows'),
});
