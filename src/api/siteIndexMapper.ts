/**
 * The site's REST index (GET /wp-json/) read as the capabilities it offers. Its own module, loaded
 * with the index call, so that the login page's entry stays within its budget.
 */
import { API_PATHS } from '../../contract';
import { FAMILY_PATHS } from '../../contract/family';
import { SIGN_IN_CARD_PATHS } from '../../contract/signInCards';
import { STUDIO_PATHS } from '../../contract/studio';
import { isObj, toList, unreadable } from './mappers';
import type { SiteCapabilities } from './types';

/** The REST index lists each route without /wp-json, with the methods it takes; an addition counts where it takes POST. */
export function mapSiteCapabilities(wire: unknown): SiteCapabilities {
  const routes = isObj(wire) && isObj(wire.routes) ? wire.routes : unreadable();
  const takesPost = (path: string) => {
    const route = routes[path.slice('/wp-json'.length)];
    return isObj(route) && toList(route.methods).includes('POST');
  };
  return {
    serverUnlock: takesPost(API_PATHS.unlockLesson),
    userMeta: takesPost(API_PATHS.usersMe),
    createFranchiseOwner: takesPost(API_PATHS.createFranchiseOwner),
    contentStudio: takesPost(STUDIO_PATHS.createProgram),
    signInCards: takesPost(SIGN_IN_CARD_PATHS.cards),
    familySignIn: takesPost(FAMILY_PATHS.signInLink),
  };
}
