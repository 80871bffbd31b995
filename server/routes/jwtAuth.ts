/** POST /wp-json/jwt-auth/v1/token and /token/validate (api-contract.md section 2). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TokenResponse, ValidateTokenResponse } from '../../contract';
import { ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE, API_PATHS } from '../../contract';
import { authenticate } from '../domain/users';
import { ApiError, tooManyAttempts } from '../errors';
import { bearerToken, userFromToken } from '../http/auth';
import { readParams, secretText } from '../http/params';
import { sendJson } from '../http/reply';
import type { AppServices } from '../http/services';

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

export function jwtAuthRoutes(app: FastifyInstance, s: AppServices): void {
  app.post(API_PATHS.token, async (request, reply) => {
    const { username = '', password = '' } = readParams(request, tokenParams);
    if (username.trim() === '') throw loginError('empty_username', '<strong>Error:</strong> The username field is empty.');
    if (password === '') throw loginError('empty_password', '<strong>Error:</strong> The password field is empty.');
    const accountKey = username.trim().toLowerCase();
    // Each attempt is counted before its password is checked, in the database that every instance
    // shares, so that however many arrive at once at most `max` of a window get checked; a right
    // one gives its count back (and clears the account's failures), so only failures stay counted.
    const accountAttempt = await s.limiters.loginPerAccount.take(accountKey);
    if (accountAttempt.retryAfter !== null) throw tooManyAttempts(accountAttempt.retryAfter);
    const ipAttempt = await s.limiters.loginPerIp.take(request.ip);
    if (ipAttempt.retryAfter !== null) {
      await accountAttempt.giveBack();
      throw tooManyAttempts(ipAttempt.retryAfter);
    }
    const user = await authenticate(s.ctx, username, password);
    if (!user) throw WRONG_CREDENTIALS();
    await s.limiters.loginPerAccount.reset(accountKey);
    await ipAttempt.giveBack();
    // Only after the right password, so the answer tells nothing to someone guessing.
    if (user.sign_in_disabled_at !== null) throw new ApiError(403, ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE);
    const body: TokenResponse = {
      token: await s.tokens.issue(user.id, s.ctx.clock()),
      user_email: user.email,
      user_nicename: user.nicename,
      user_display_name: user.display_name,
      user_id: user.id,
      user_roles: [user.role],
    };
    return sendJson(reply, body);
  });

  app.post(API_PATHS.validateToken, { config: { manualAuth: true } }, async (request, reply) => {
    readParams(request, noParams);
    await userFromToken(s, bearerToken(request.headers.authorization));
    const body: ValidateTokenResponse = { code: 'jwt_auth_valid_token', data: { status: 200 } };
    return sendJson(reply, body);
  });
}
