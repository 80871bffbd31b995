import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** A student signs in by scanning the card their teacher printed. */
export const cardSignInFeature = defineFeature({
  name: 'cardSignIn',
  flows: () => import(/* webpackChunkName: "page-card-sign-in" */ './flows'),
  titles: { cardSignIn: 'Sign in with your card' },
  screens: [
    {
      path: paths.cardSignIn.pattern,
      access: 'anyone',
      title: 'cardSignIn',
      page: () => import(/* webpackChunkName: "page-card-sign-in" */ './CardSignInPage'),
    },
  ],
});
