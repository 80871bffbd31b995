/**
 * GET /progrmas/... and /content/...: the media files, from the configured storage. Public
 * pictures (program art, model cards' small pictures and title images) go to anyone; every other
 * file only with a valid signed URL from a page answer (?exp=...&u=...&sig=...), else 403.
 * Every answer is sandboxed (Content-Security-Policy: sandbox), from the local folder or S3 alike.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, FORBIDDEN_MESSAGE } from '../errors';
import { publicMediaPaths } from '../domain/content';
import { NO_ROUTE } from '../http/errors';
import { sandboxed } from '../http/securityHeaders';
import type { AppServices } from '../http/services';
import { mapHtmlMediaPaths, MEDIA_PREFIXES } from '../media/mediaAccess';
import { mediaKeyOf, mediaTypeOf } from '../media/storage';

/** How long an instance trusts its list of public pictures before reading the pages again. */
const PUBLIC_PATHS_TTL_MS = 30_000;
const PUBLIC_CACHE = 'public, max-age=3600';

/** The lesson videos' player pages: their script starts the video when the portal asks for autoplay. */
const EMBED_PAGES = 'content/videos/embed/';

const forbidden = () => new ApiError(403, 'rest_forbidden', FORBIDDEN_MESSAGE);

function publicPathsCache(s: AppServices): () => Promise<Set<string>> {
  let loaded: { at: number; paths: Promise<Set<string>> } | null = null;
  return () => {
    const now = Date.now();
    if (!loaded || now - loaded.at > PUBLIC_PATHS_TTL_MS) {
      const paths = publicMediaPaths(s.ctx);
      loaded = { at: now, paths };
      // A failed read is not remembered: the next request tries again.
      paths.catch(() => {
        if (loaded?.paths === paths) loaded = null;
      });
    }
    return loaded.paths;
  };
}

export function mediaRoutes(app: FastifyInstance, s: AppServices): void {
  const publicPaths = publicPathsCache(s);

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    sandboxed(reply);
    const key = mediaKeyOf(urlPath);
    if (key === null) throw NO_ROUTE();
    const now = s.ctx.clock();
    const signed = s.mediaSigner.verify(urlPath, request.query as Record<string, unknown>, now);
    let cacheControl = PUBLIC_CACHE;
    if (signed) {
      // Never cached past the signature's expiry.
      const left = Math.max(0, Math.min(3600, signed.expiresAt - Math.floor(now.getTime() / 1000)));
      cacheControl = `public, max-age=${left}`;
    } else if (!(await publicPaths()).has(urlPath)) {
      throw forbidden();
    }
    if (signed && mediaTypeOf(key).startsWith('text/html')) {
      // A signed document (a video's embed page) links its video, poster and script: they are
      // signed for the same user and expiry, or the browser could not load them.
      const html = await s.media.read(key);
      if (html === null) throw NO_ROUTE();
      const body = mapHtmlMediaPaths(html.toString('utf8'), (path) => s.mediaSigner.signUntil(path, signed.userId, signed.expiresAt));
      if (key.startsWith(EMBED_PAGES)) sandboxed(reply, 'sandbox allow-scripts');
      return reply.header('Cache-Control', cacheControl).type(mediaTypeOf(key)).send(body);
    }
    if (!(await s.media.send(key, reply, { range: request.headers.range, cacheControl }))) throw NO_ROUTE();
    return reply;
  };

  for (const prefix of MEDIA_PREFIXES) app.get(`${prefix}*`, serve);
}
