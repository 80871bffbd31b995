import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** An owner prints and voids the cards her students sign in with. */
export const signInCardsFeature = defineFeature({
  name: 'signInCards',
  flows: () => import(/* webpackChunkName: "sign-in-cards" */ './flows'),
  titles: { signInCards: 'Sign-in cards' },
  screens: [
    {
      path: paths.signInCards.pattern,
      access: 'owners',
      title: 'signInCards',
      page: () => import(/* webpackChunkName: "sign-in-cards" */ './SignInCardsPage'),
    },
  ],
});
