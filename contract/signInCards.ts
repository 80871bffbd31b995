/**
 * Sign-in cards: a printed QR code that signs a child in on a shared tablet.
 * Portal backend only. A card carries a random token (stored as its SHA-256 hash, never itself);
 * the token signs its student in through cardSignIn only and is never accepted as API auth.
 */
export const SIGN_IN_CARD_PATHS = {
  /** POST SignInCardsIssueBody → SignInCardsIssued (owners: their students; administrators: any). GET → SignInCardList. */
  cards: '/wp-json/yo/v1/sign-in-cards',
  /** DELETE: voids the card → SignInCardVoided (its student's owner or an administrator; anyone else's card is 404). */
  card: (id: number | string) => `/wp-json/yo/v1/sign-in-cards/${id}`,
  /**
   * POST CardSignInBody (anyone) → the same answer as POST /jwt-auth/v1/token (TokenResponse). Its
   * token belongs to the card: once the card is voided (or replaced, or its student ended or erased),
   * or after the shared-device idle time without a request, every call with it is 403 jwt_auth_invalid_token.
   */
  cardSignIn: '/wp-json/yo/v1/card-sign-in',
} as const;

/** The app's page a card's QR code opens; the token is in the fragment (#token=…), so it never reaches a server log or a Referer. */
export const CARD_SIGN_IN_PAGE = '/card-sign-in';
export const CARD_TOKEN_FRAGMENT = 'token';

/** The sign-in link printed on a card. */
export function cardSignInLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, '')}${CARD_SIGN_IN_PAGE}#${CARD_TOKEN_FRAGMENT}=${token}`;
}

/** A card's token: 32 bytes of randomness, base64url (43 characters). */
export const CARD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Most students one request issues cards for (a whole school's list fits). */
export const MAX_CARDS_PER_REQUEST = 2000;

export interface SignInCardsIssueBody {
  /** 'all': every student of the owner (not ended, not erased); else the chosen students' user ids. */
  students: 'all' | number[];
  /** Administrators only, with 'all': whose students. */
  ownerId?: number;
}

export interface IssuedSignInCard {
  id: number;
  studentId: number;
  firstName: string;
  /** The sign-in link with the token: shown in this answer only, for printing. */
  link: string;
}

export interface SignInCardsIssued {
  cards: IssuedSignInCard[];
}

export interface SignInCardSummary {
  id: number;
  studentId: number;
  /** ISO 8601 UTC */
  createdAt: string;
  lastUsedAt: string | null;
  voidedAt: string | null;
}

export interface SignInCardList {
  /** Each of the caller's students' latest card (owners: their own students; administrators: ?owner= or all). */
  cards: SignInCardSummary[];
}

export interface SignInCardVoided {
  id: number;
  voidedAt: string;
}

export interface CardSignInBody {
  token: string;
}

/** The refusal of a card that was voided or never issued. */
export const CARD_INVALID_CODE = 'card_invalid';
export const CARD_INVALID_MESSAGE = 'This sign-in card no longer works. Ask your teacher for a new card.';

/** Idle minutes after which a session started from a card (a shared tablet) signs out, unless the server says otherwise. */
export const DEFAULT_SHARED_DEVICE_IDLE_MINUTES = 15;
