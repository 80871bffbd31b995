import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/**
 * Families: a parent signs in with a one-time link (no password, no user account) and sees each of
 * their children; the summary mail's unsubscribe. Portal backend only: the login page offers the
 * way in where the site's REST index lists it (capability familySignIn).
 */
export const familyFeature = defineFeature({
  name: 'family',
  flows: () => import(/* webpackChunkName: "family-flows" */ './flows'),
  titles: { family: 'Your family', familySignIn: 'Sign in as a parent', familyUnsubscribe: 'Summary mails' },
  screens: [
    { path: paths.family.pattern, access: 'anyone', title: 'family', page: () => import(/* webpackChunkName: "page-family" */ './FamilyPage') },
    { path: paths.familySignIn.pattern, access: 'anyone', title: 'familySignIn', page: () => import(/* webpackChunkName: "page-family-sign-in" */ './FamilySignInPage') },
    { path: paths.familyUnsubscribe.pattern, access: 'anyone', title: 'familyUnsubscribe', page: () => import(/* webpackChunkName: "page-family-unsubscribe" */ './UnsubscribePage') },
  ],
});
