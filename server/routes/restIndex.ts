/**
 * GET /wp-json/: the REST index, the WordPress way (namespaces, and each route without /wp-json
 * with its methods), so an app can find out what this site serves, as it does on WordPress.
 * It lists the routes as Fastify registers them: install it before any other route.
 */
import type { FastifyInstance } from 'fastify';
import type { WireRestIndex, WireRestRoute } from '../../contract';
import { sendJson } from '../http/reply';
import { answers } from '../http/answers';
import { restIndexAnswer } from './answers/wire';

const PREFIX = '/wp-json';
/** Fastify adds HEAD to every GET and answers OPTIONS for CORS; WordPress lists neither. */
const LISTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** '/wp/v2/pages/:id' -> '/wp/v2/pages/(?P<id>[^/]+)' (WordPress writes path parameters as named regex groups). */
const wordpressPattern = (route: string) => route.replace(/:([A-Za-z_]\w*)/g, '(?P<$1>[^/]+)');

export function restIndexRoutes(app: FastifyInstance, siteName: string): void {
  const routes: Record<string, WireRestRoute> = {};
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${PREFIX}/`)) return;
    const methods = [route.method].flat().filter((method) => LISTED_METHODS.has(method));
    if (methods.length === 0) return;
    const key = wordpressPattern(route.url.slice(PREFIX.length));
    const namespace = key.split('/').slice(1, 3).join('/');
    const entry = (routes[key] ??= { namespace, methods: [], endpoints: [] });
    entry.methods.push(...methods);
    entry.endpoints.push({ methods });
  });

  app.get(PREFIX, answers(restIndexAnswer), (_request, reply) => {
    const index: WireRestIndex & { name: string } = {
      name: siteName,
      namespaces: [...new Set(Object.values(routes).map((route) => route.namespace))].filter((namespace) => namespace !== ''),
      routes: { '/': { namespace: '', methods: ['GET'], endpoints: [{ methods: ['GET'] }] }, ...routes },
    };
    return sendJson(reply, index);
  });
}
