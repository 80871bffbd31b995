/** Builds the HTTP app from its parts; main.ts listens, tests inject or listen on port 0. */
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connection';
import { createPasswordHasher, type PasswordHasher } from './domain/passwords';
import { createTokenService } from './domain/tokens';
import { installAuth } from './http/auth';
import { installCors } from './http/cors';
import { installErrorHandler } from './http/errors';
import { installRequestLog, loggerOptions } from './http/logging';
import { BODY_LIMIT, installBodyParsers } from './http/parsers';
import { RateLimiter } from './http/rateLimiter';
import { installSecurityHeaders } from './http/securityHeaders';
import { createMediaSigner } from './media/signedUrls';
import { createMediaStorage, type MediaStorage } from './media/storage';
import type { AppServices } from './http/services';
import type { Mailer } from './mail/mailer';
import { jwtAuthRoutes } from './routes/jwtAuth';
import { pagesRoutes } from './routes/pages';
import { restIndexRoutes } from './routes/restIndex';
import { staticRoutes } from './routes/static';
import { usersRoutes } from './routes/users';
import { wlRoutes } from './routes/wl';

export interface AppOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock?: () => Date;
  hasher?: PasswordHasher;
  /** The media storage (main.ts seeds into the same one); the configured driver by default. */
  media?: MediaStorage;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Told of every route as it is registered (the authorization test checks its table against them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, config, mailer } = options;
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Fastify's own two lines per request (incoming, completed) give way to installRequestLog's one.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  if (options.onRoute) {
    const listener = options.onRoute;
    app.addHook('onRoute', (route) => listener({ method: route.method, url: route.url }));
  }
  const rl = config.rateLimits;
  const services: AppServices = {
    ctx: { db, mailer, clock, hasher: options.hasher ?? createPasswordHasher(config.argon2), siteUrl: config.publicUrl },
    config,
    tokens: createTokenService(config.jwtSecret, config.publicUrl),
    media: options.media ?? (await createMediaStorage(config)),
    mediaSigner: createMediaSigner(config.media.urlSecret, config.media.urlTtlSeconds),
    limiters: {
      loginPerAccount: new RateLimiter(rl.loginPerAccount, clock),
      loginPerIp: new RateLimiter(rl.loginPerIp, clock),
      resetPerAccount: new RateLimiter(rl.resetPerAccount, clock),
      resetPerIp: new RateLimiter(rl.resetPerIp, clock),
      unlockPerIp: new RateLimiter(rl.unlockPerIp, clock),
    },
  };

  installErrorHandler(app);
  installRequestLog(app);
  // API answers (a roster of 10,000 students is about 3 MB of JSON) go out brotli- or gzip-compressed
  // when the browser accepts it; the app's files are compressed once at build time (static.ts).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  installBodyParsers(app);
  await installCors(app, config.corsOrigins);
  installSecurityHeaders(app, config);
  installAuth(app, services);

  restIndexRoutes(app, 'Youngengineer Online');
  jwtAuthRoutes(app, services);
  wlRoutes(app, services);
  pagesRoutes(app, services);
  usersRoutes(app, services);
  await staticRoutes(app, services);
  return app;
}
