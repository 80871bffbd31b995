/** POST /wp-json/jwt-auth/v1/token and /token/validate (the API contract's section on authentication). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TokenResponse, ValidateTokenResponse } from '../../contract';
import { ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE, API_PATHS, OWNER_DEACTIVATED_CODE, OWNER_DEACTIVATED_MESSAGE } from '../../contract';
import { checkPassword, findLoginAccounts, isKnownPlace, recordSignIn, signInSharedEmail } from '../domain/credentials';
import type { UserRow } from '../db/schema';
import { ApiError, tooManyAttempts } from '../errors';
import { bearerToken, userFromToken } from '../http/auth';
import { knownPlaceCookie, knownPlaceSetCookie, newPlaceId } from '../http/knownPlace';
import { secretText } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { tokenAnswer as tokenAnswerSchema, validateTokenAnswer } from './answers/wire';

const tokenParams = z.strictObject({
  username: secretText(254).optional(),
  password: secretText(4096).optional(),
});

const noParams = z.strictObject({});

function loginError(wpCode: string, message: string): ApiError {
  return new ApiError(403, `[jwt_auth] ${wpCode}`, message);
}

/**
 * WordPress answers invalid_username, invalid_email or incorrect_password depending on whether the
 * account exists. This backend answers incorrect_password with one wording for all three, so the
 * login route cannot be used to find out which accounts exist (the app shows the same message anyway).
 */
const WRONG_CREDENTIALS = (): ApiError =>
  loginError('incorrect_password', '<strong>Error:</strong> The username or password you entered is incorrect.');

/** The login's answer for a user who may sign in: a new token and who it is for (card sign-in answers the same, its token naming the card's session). */
export async function tokenAnswer(s: AppServices, user: UserRow, cardSession?: number): Promise<TokenResponse> {
  return {
    token: await s.tokens.issue(user.id, s.ctx.clock(), cardSession),
    user_email: user.email,
    user_nicename: user.nicename,
    user_display_name: user.display_name,
    user_id: user.id,
    user_roles: [user.role],
    user_locale: user.locale,
  };
}

export function jwtAuthRoutes(app: FastifyInstance, s: AppServices): void {
  app.post(API_PATHS.token, answers(tokenAnswerSchema), async (request, reply) => {
    const { username = '', password = '' } = readParams(request, tokenParams);
    if (username.trim() === '') throw loginError('empty_username', '<strong>Error:</strong> The username field is empty.');
    if (password === '') throw loginError('empty_password', '<strong>Error:</strong> The password field is empty.');
    const accounts = await findLoginAccounts(s.ctx, username);
    // A family's shared e-mail names no one account: it is counted by the name typed.
    const account = accounts.length === 1 ? accounts[0] : undefined;
    const cookiePlace = knownPlaceCookie(request.headers.cookie);
    const known = account !== undefined && cookiePlace !== null && (await isKnownPlace(s.ctx, account.id, cookiePlace));
    // Each attempt is counted before its password is checked, in the database that every instance
    // shares, so that however many arrive at once at most `max` of a window get checked; a right
    // one gives its count back (and clears its failures), so only failures stay counted.
    // A browser that signed in to the account before has a count of its own (and is not counted
    // per address): a guesser anywhere else, even behind the same address, cannot lock it out.
    const limiter = known ? s.limiters.loginPerKnownPlace : s.limiters.loginPerAccount;
    const limitKey = known ? `${account.id}:${cookiePlace}` : account ? `user:${account.id}` : `name:${username.trim().toLowerCase()}`;
    const accountAttempt = await limiter.take(limitKey);
    if (accountAttempt.retryAfter !== null) {
      if (known) throw tooManyAttempts(accountAttempt.retryAfter);
      // Past the account's daily limit a browser it does not know is slowed, not shut out for the rest
      // of the day: one attempt per growing delay (seconds, then up to minutes), whoever makes it.
      const wait = await s.limiters.loginSlowdown.pass(limitKey);
      if (wait !== null) throw tooManyAttempts(wait);
    }
    const ipAttempt = known ? null : await s.limiters.loginPerIp.take(request.ip);
    if (ipAttempt && ipAttempt.retryAfter !== null) {
      await accountAttempt.giveBack();
      throw tooManyAttempts(ipAttempt.retryAfter);
    }
    const user = accounts.length > 1 ? await signInSharedEmail(s.ctx, accounts, password) : await checkPassword(s.ctx, account, password);
    if (!user) throw WRONG_CREDENTIALS();
    await limiter.reset(limitKey);
    if (!known) await s.limiters.loginSlowdown.reset(limitKey);
    await ipAttempt?.giveBack();
    // Only after the right password, so the answer tells nothing to someone guessing.
    // A franchise owner the office deactivated is told so; a student, that her lessons ended.
    if (user.sign_in_disabled_at !== null) {
      throw user.role === 'franchise_owner' ? new ApiError(403, OWNER_DEACTIVATED_CODE, OWNER_DEACTIVATED_MESSAGE) : new ApiError(403, ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE);
    }
    const place = cookiePlace ?? newPlaceId();
    await recordSignIn(s.ctx, user.id, place);
    reply.header('set-cookie', knownPlaceSetCookie(place, request.protocol === 'https'));
    return sendJson(reply, await tokenAnswer(s, user));
  });

  app.post(API_PATHS.validateToken, { config: { manualAuth: true }, ...answers(validateTokenAnswer) }, async (request, reply) => {
    readParams(request, noParams);
    await userFromToken(s, bearerToken(request.headers.authorization));
    const body: ValidateTokenResponse = { code: 'jwt_auth_valid_token', data: { status: 200 } };
    return sendJson(reply, body);
  });
}
