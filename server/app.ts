/** Builds the HTTP app from its parts; main.ts listens, tests inject or listen on port 0. */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connection';
import { createPasswordHasher, type PasswordHasher } from './domain/passwords';
import { createTokenService } from './domain/tokens';
import { installAuth } from './http/auth';
import { installCors } from './http/cors';
import { installErrorHandler } from './http/errors';
import { loggerOptions } from './http/logging';
import { BODY_LIMIT, installBodyParsers } from './http/parsers';
import { RateLimiter } from './http/rateLimiter';
import type { AppServices } from './http/services';
import type { Mailer } from './mail/mailer';
import { jwtAuthRoutes } from './routes/jwtAuth';
import { pagesRoutes } from './routes/pages';
import { staticRoutes } from './routes/static';
import { usersRoutes } from './routes/users';
import { wlRoutes } from './routes/wl';

export interface AppOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock?: () => Date;
  hasher?: PasswordHasher;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, config, mailer } = options;
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  const rl = config.rateLimits;
  const services: AppServices = {
    ctx: { db, mailer, clock, hasher: options.hasher ?? createPasswordHasher(config.argon2), siteUrl: config.publicUrl },
    config,
    tokens: createTokenService(config.jwtSecret, config.publicUrl),
    limiters: {
      loginPerAccount: new RateLimiter(rl.loginPerAccount, clock),
      loginPerIp: new RateLimiter(rl.loginPerIp, clock),
      resetPerAccount: new RateLimiter(rl.resetPerAccount, clock),
      resetPerIp: new RateLimiter(rl.resetPerIp, clock),
      unlockPerIp: new RateLimiter(rl.unlockPerIp, clock),
    },
  };

  installErrorHandler(app);
  installBodyParsers(app);
  await installCors(app, config.corsOrigins);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
  installAuth(app, services);

  jwtAuthRoutes(app, services);
  wlRoutes(app, services);
  pagesRoutes(app, services);
  usersRoutes(app, services);
  await staticRoutes(app, config);
  return app;
}
