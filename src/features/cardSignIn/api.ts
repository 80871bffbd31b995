/** The card sign-in's call: it answers as the password sign-in does (WordPress's token answer). */
import { SIGN_IN_CARD_PATHS, type CardSignInBody } from '../../../contract/signInCards';
import { mapLogin } from '../../api/mappers';
import { portalCall, readWith } from '../../api/portalCall';

export const signInWithCard = portalCall(
  (token: string) => ({ method: 'POST', path: SIGN_IN_CARD_PATHS.cardSignIn, body: { token } satisfies CardSignInBody, expiry: 'never' }),
  readWith(mapLogin),
);
