/**
 * Everything that is not the API: the app's runtime configuration (/portal-config.js), the
 * instruction images, lesson plans and lesson videos (the media storage, at /progrmas/ and
 * /content/), and the app's production build with history fallback to index.html.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalRuntimeConfig } from '../../contract';
import type { Config } from '../config';
import { NO_ROUTE, sendError } from '../http/errors';
import type { AppServices } from '../http/services';
import { MEDIA_PREFIXES } from '../media/mediaAccess';
import { mediaRoutes } from './media';

export const CONTENT_PREFIXES = MEDIA_PREFIXES;

/**
 * Names no capabilities: the app finds them in this backend's REST index (GET /wp-json/), as it
 * does on a WordPress site, so both take the same path.
 */
export function runtimeConfig(config: Config): Omit<PortalRuntimeConfig, 'capabilities'> {
  return {
    siteUrl: '',
    authKey: config.authKey,
    supportEmail: config.supportEmail,
    cmsAdminUrl: config.cmsAdminUrl,
    qaPanel: config.qaPanel,
    devTools: config.devTools,
    sharedDeviceIdleMinutes: config.sharedDeviceIdleMinutes,
  };
}

/** JSON that is also safe inside an HTML <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The build's source maps (kept beside the bundles for reading a reported stack trace) would hand
 * anyone the app's whole source: they are never served.
 */
const SOURCE_MAP = /\.map$/i;

const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Youngengineer Online</title></head>
<body><h1>The app is not built yet</h1>
<p>The API is running. Build the app with <code>npx webpack --mode production</code>
(or start the server with <code>npm start</code>, which builds it when needed), then reload.</p></body></html>
`;

/**
 * Files whose name stays the same from one deployment to the next but whose content must never be
 * stale: the page, the service worker (a cached old worker would hold the tab on the old version)
 * and the web app manifest.
 */
const ALWAYS_REVALIDATED = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

function setAssetHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  if (ALWAYS_REVALIDATED.has(name)) reply.header('Cache-Control', 'no-cache');
  if (name === 'manifest.webmanifest') reply.header('Content-Type', 'application/manifest+json; charset=utf-8');
  if (ALWAYS_REVALIDATED.has(name)) return;
  if (HASHED_ASSET.test(filePath)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else reply.header('Cache-Control', 'public, max-age=3600');
}

/** A path the history fallback answers with the app: a GET for a page, not for the API, content or a file. */
export function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/wp-json' || pathname.startsWith('/wp-json/')) return false;
  if (CONTENT_PREFIXES.some((p) => pathname.startsWith(p))) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

export async function staticRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { config } = services;
  app.get('/portal-config.js', (_request, reply) => {
    reply
      .header('Cache-Control', 'no-store')
      .type('application/javascript; charset=utf-8')
      .send(`window.__PORTAL_CONFIG__ = ${scriptJson(runtimeConfig(config))};\n`);
  });

  mediaRoutes(app, services);

  // The build may appear after start (npm start builds while the API is already up): look each time until it is there.
  mkdirSync(config.distDir, { recursive: true });
  let distBuilt = false;
  const built = (): boolean => (distBuilt ||= existsSync(path.join(config.distDir, 'index.html')));
  await app.register(fastifyStatic, {
    root: config.distDir,
    prefix: '/',
    index: false,
    // The build writes .br and .gz copies of its text files (config/webpack/precompressPlugin.ts).
    preCompressed: true,
    setHeaders: setAssetHeaders,
    cacheControl: false,
    allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
  });

  const serveApp = (reply: FastifyReply) => {
    if (!built()) return reply.code(200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_HTML);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', config.distDir, { cacheControl: false });
  };
  app.get('/', (_request, reply) => serveApp(reply));
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => (isAppRoute(request) ? serveApp(reply) : sendError(reply, NO_ROUTE())));
}
