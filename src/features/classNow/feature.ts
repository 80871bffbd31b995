import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** The owner's live view of the class: who is where, who is stuck. */
export const classNowFeature = defineFeature({
  name: 'classNow',
  flows: () => import(/* webpackChunkName: "page-class-now" */ './flows'),
  titles: { classNow: 'Class now' },
  screens: [
    {
      path: paths.classNow.pattern,
      access: 'owners',
      title: 'classNow',
      page: () => import(/* webpackChunkName: "page-class-now" */ './ClassNowPage'),
    },
  ],
});
