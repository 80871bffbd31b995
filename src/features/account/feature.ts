import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** A signed-in user's own account: their password. */
export const accountFeature = defineFeature({
  name: 'account',
  flows: () => import(/* webpackChunkName: "page-account" */ './flows'),
  titles: { myAccount: 'My account' },
  screens: [
    {
      path: paths.account.pattern,
      access: 'signedIn',
      title: 'myAccount',
      page: () => import(/* webpackChunkName: "page-account" */ './AccountPage'),
    },
  ],
});
