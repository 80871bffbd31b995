/**
 * /wp-json/wp/v2/users/me: read the signed-in user, save registered user meta (the API
 * contract's section on the backend's additions) and the user's language (`locale`, as WordPress core has it: context=edit answers it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PATHS, USER_LOCALES } from '../../contract';
import type { Actor } from '../domain/context';
import { readUserMeta, saveLocale, saveUserMeta, type RegisteredUserMeta } from '../domain/users';
import { ApiError } from '../errors';
import { wireInt } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import { siteOrigin, type AppServices } from '../http/services';
import { answers } from '../http/answers';
import { usersMeAnswer } from './answers/wire';

const notLoggedIn = (): ApiError => new ApiError(401, 'rest_not_logged_in', 'You are not currently logged in.');

const readParamsSchema = z.strictObject({ context: z.enum(['view', 'embed', 'edit']).optional() });

const updateParams = z.strictObject({
  context: z.enum(['view', 'embed', 'edit']).optional(),
  meta: z.strictObject({ kit_on_header_clicked: wireInt(0, 1).optional() }, { error: 'Must be an object.' }).optional(),
  locale: z.enum(['', ...USER_LOCALES], { error: `Must be one of ${USER_LOCALES.join(', ')} or empty.` }).optional(),
});

function present(request: FastifyRequest, s: AppServices, actor: Actor, meta: RegisteredUserMeta, context?: string, locale = actor.user.locale) {
  const origin = siteOrigin(request, s.config);
  // As WordPress: context=edit adds the user's roles, so an app can learn its real role from the server,
  // and their language (unlike WordPress, '' when they chose none rather than the site's).
  const edit = context === 'edit' ? { roles: [actor.role], locale } : {};
  return {
    ...edit,
    id: actor.id,
    name: actor.user.display_name,
    url: '',
    description: '',
    link: `${origin}/author/${actor.user.nicename}/`,
    slug: actor.user.nicename,
    avatar_urls: {},
    meta,
  };
}

export function usersRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(API_PATHS.usersMe, answers(usersMeAnswer), async (request, reply) => {
    const p = readParams(request, readParamsSchema);
    const actor = requireActor(request, notLoggedIn);
    return sendJson(reply, present(request, s, actor, await readUserMeta(s.ctx, actor), p.context));
  });

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const p = readParams(request, updateParams);
    const actor = requireActor(request, notLoggedIn);
    const meta = await saveUserMeta(s.ctx, actor, p.meta ?? {});
    const locale = p.locale === undefined ? actor.user.locale : await saveLocale(s.ctx, actor, p.locale);
    return sendJson(reply, present(request, s, actor, meta, p.context, locale));
  };
  app.post(API_PATHS.usersMe, answers(usersMeAnswer), update);
  app.put(API_PATHS.usersMe, answers(usersMeAnswer), update);
  app.patch(API_PATHS.usersMe, answers(usersMeAnswer), update);
}
