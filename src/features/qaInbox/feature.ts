import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** The office reads the problem reports users sent. */
export const qaInboxFeature = defineFeature({
  name: 'qaInbox',
  flows: () => import(/* webpackChunkName: "qa-inbox" */ './flows'),
  titles: { qaInbox: 'QA inbox' },
  screens: [
    {
      path: paths.qaInbox.pattern,
      access: 'administrators',
      title: 'qaInbox',
      page: () => import(/* webpackChunkName: "qa-inbox" */ './QaInboxPage'),
    },
  ],
});
