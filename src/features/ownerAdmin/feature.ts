import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/**
 * The office managing its franchise owners (portal backend): one owner's page with her details,
 * this month's figures and her status (deactivate, handing her students to another owner or
 * keeping them; reactivate). The owners list links to it (Manage).
 */
export const ownerAdminFeature = defineFeature({
  name: 'ownerAdmin',
  flows: () => import(/* webpackChunkName: "page-owner-admin" */ './flows'),
  titles: { ownerAdmin: 'Franchise owner' },
  screens: [
    {
      path: paths.ownerAdmin.pattern,
      access: 'administrators',
      title: 'ownerAdmin',
      // The other owners' names (the hand-over's choice) come from the roster's lists, which it loads.
      joins: ['roster'],
      page: () => import(/* webpackChunkName: "page-owner-admin" */ './OwnerPage'),
    },
  ],
});
