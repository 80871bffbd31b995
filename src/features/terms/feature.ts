import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';
import * as flows from './flows';

export const termsFeature = defineFeature({
  name: 'terms',
  flows,
  titles: { termsOfUse: 'Terms of Use' },
  screens: [
    {
      path: paths.termsOfUse.pattern,
      access: 'anyone',
      title: 'termsOfUse',
      page: () => import(/* webpackChunkName: "page-terms" */ './TermsPage'),
    },
  ],
});
