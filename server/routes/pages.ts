/**
 * GET /wp-json/wp/v2/pages and /pages/{id} (the API contract's sections on content and the
 * backend's additions). The answers are kept as bodies (PageAnswerCache) written by the route's
 * declared answer, then sent as they are.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PATHS } from '../../contract';
import { PageAnswerCache, type PageOrderBy } from '../domain/content';
import { NO_ROUTE } from '../http/errors';
import { MAX_ID, wireInt } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { sendSharedBody } from '../http/compressedBody';
import { answers } from '../http/answers';
import { answerText, JSON_TYPE } from '../http/reply';
import { siteOrigin, type AppServices } from '../http/services';
import { wirePageAnswer, wirePagesAnswer } from './answers/pages';

/** A list of ids as WordPress takes it: "130", "130,167" or an array. */
const idList = z
  .union([z.string().max(1000), z.array(z.string().max(20)).max(100), z.number()], { error: 'Must be a list of ids.' })
  .transform((v) => (Array.isArray(v) ? v : String(v).split(',')).map((x) => x.trim()).filter((x) => x !== ''))
  .refine((ids) => ids.every((x) => /^\d{1,10}$/.test(x) && Number(x) <= MAX_ID), 'Must be a list of ids.')
  .transform((ids) => ids.map(Number));

const slugList = z
  .union([z.string().max(1000), z.array(z.string().max(200)).max(100)], { error: 'Must be a list of slugs.' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter((x) => x !== ''))
  // eslint-disable-next-line no-control-regex -- a slug never holds control characters (and PostgreSQL refuses NUL)
  .refine((slugs) => slugs.every((x) => !/[\u0000-\u001f\u007f]/.test(x)), 'Must be a list of slugs.');

/** WordPress's `_fields`: the names to keep, as a comma list or an array ("metadata.order" keeps one key of metadata). */
const fieldList = z
  .union([z.string().max(2000), z.array(z.string().max(200)).max(100)], { error: 'Must be a list of field names.' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter((x) => x !== ''));

const context = z.enum(['view', 'embed'], { error: 'Must be one of: view, embed.' }).optional();

const listParams = z.strictObject({
  parent: idList.optional(),
  slug: slugList.optional(),
  per_page: wireInt(1, 100).default(10),
  page: wireInt(1, MAX_ID).default(1),
  orderby: z.enum(['date', 'id', 'menu_order', 'title', 'slug'], { error: 'Must be one of: date, id, menu_order, title, slug.' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'Must be one of: asc, desc.' }).default('desc'),
  context,
  _fields: fieldList.optional(),
});

const singleParams = z.strictObject({ context, _fields: fieldList.optional() });

function pageUrl(request: FastifyRequest, origin: string, page: number): string {
  const url = new URL(request.url, origin);
  url.searchParams.set('page', String(page));
  return url.toString();
}

export function pagesRoutes(app: FastifyInstance, s: AppServices): void {
  const cache = new PageAnswerCache();
  app.get(API_PATHS.pages, answers(wirePagesAnswer), async (request, reply) => {
    const p = readParams(request, listParams);
    const origin = siteOrigin(request, s.config);
    const orderby: PageOrderBy = p.orderby;
    const list = await cache.list(
      s.ctx,
      request.viewer,
      { perPage: p.per_page, page: p.page, orderby, order: p.order, ...(p.parent ? { parent: p.parent } : {}), ...(p.slug ? { slug: p.slug } : {}) },
      origin,
      s.mediaSigner,
      (answer) => answerText(reply, answer),
      p._fields,
    );
    reply.header('X-WP-Total', String(list.total)).header('X-WP-TotalPages', String(list.totalPages));
    const links: string[] = [];
    if (p.page > 1) links.push(`<${pageUrl(request, origin, p.page - 1)}>; rel="prev"`);
    if (p.page < list.totalPages) links.push(`<${pageUrl(request, origin, p.page + 1)}>; rel="next"`);
    if (links.length > 0) reply.header('Link', links.join(', '));
    return sendSharedBody(request, reply, list.body, JSON_TYPE, { revalidate: true });
  });

  app.get<{ Params: { id: string } }>(`${API_PATHS.pages}/:id`, answers(wirePageAnswer), async (request, reply) => {
    // WordPress's route pattern is (?P<id>[\d]+): anything else is no route at all.
    if (!/^\d{1,10}$/.test(request.params.id) || Number(request.params.id) > MAX_ID) throw NO_ROUTE();
    const p = readParams(request, singleParams);
    const body = await cache.page(s.ctx, request.viewer, Number(request.params.id), siteOrigin(request, s.config), s.mediaSigner, (answer) => answerText(reply, answer), p._fields);
    return sendSharedBody(request, reply, body, JSON_TYPE, { revalidate: true });
  });
}
