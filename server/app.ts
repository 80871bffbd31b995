/** Builds the HTTP app from its parts; main.ts listens, tests inject or listen on port 0. */
import type { Socket } from 'node:net';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connection';
import { createPasswordHasher, type PasswordHasher } from './domain/passwords';
import { RateLimiter, Slowdown } from './domain/rateLimiter';
import { RetentionJob } from './domain/retentionJob';
import { FamilySummaryJob } from './domain/familySummaries';
import { scheduleClassesWithoutMeetings } from './domain/meetingSchedule';
import { createTokenService } from './domain/tokens';
import { requireDeclaredAnswers } from './http/answers';
import { installAuth } from './http/auth';
import { installCors } from './http/cors';
import { installDbRetry } from './http/dbRetry';
import { installErrorHandler } from './http/errors';
import { installRequestLog, loggerOptions } from './http/logging';
import { BODY_LIMIT, installBodyParsers } from './http/parsers';
import { installSecurityHeaders } from './http/securityHeaders';
import { createMediaSigner } from './media/signedUrls';
import { createMediaStorage } from './media/configuredStorage';
import type { MediaStorage } from './media/storage';
import type { AppServices } from './http/services';
import type { Mailer } from './mail/mailer';
import { DEFAULT_OUTBOX_TIMING, MailOutbox, type OutboxTiming } from './mail/outbox';
import { classesRoutes } from './routes/classes';
import { meetingsRoutes } from './routes/meetings';
import { calendarFeedRoutes } from './routes/calendarFeed';
import { familyUnsubscribeRoutes } from './routes/familyUnsubscribe';
import { lessonsRoutes } from './routes/lessons';
import { familyRoutes } from './routes/family';
import { familyOwnerRoutes } from './routes/familyOwners';
import { classroomRoutes } from './routes/classroom';
import { classNowRoutes } from './routes/classNow';
import { progressRoutes } from './routes/progress';
import { signInCardRoutes } from './routes/signInCards';
import { credentialRoutes } from './routes/credentials';
import { healthRoutes } from './routes/health';
import { jwtAuthRoutes } from './routes/jwtAuth';
import { pagesRoutes } from './routes/pages';
import { privacyRoutes } from './routes/privacy';
import { reportRoutes } from './routes/reports';
import { restIndexRoutes } from './routes/restIndex';
import { rosterEditRoutes } from './routes/rosterEdit';
import { ownerRoutes } from './routes/owners';
import { insightsRoutes } from './routes/insights';
import { staticRoutes } from './routes/static';
import { studioRoutes } from './routes/studio';
import { studioMediaRoutes, uploadAwareClientErrorHandler } from './routes/studioMedia';
import { studioImportRoutes } from './routes/studioImport';
import { studentImportRoutes } from './routes/studentImport';
import { usersRoutes } from './routes/users';
import { wlRoutes } from './routes/wl';

declare module 'fastify' {
  interface FastifyInstance {
    /** The families' summary mail round (hourly); tests run a round with a moved clock. */
    familySummaries: FamilySummaryJob;
  }
}

export interface AppOptions {
  db: Db;
  config: Config;
  /** How queued mail leaves: SMTP or the demo's outbox folder (the worker of the database outbox uses it). */
  mailer: Mailer;
  /** The outbox worker's pace (tests shorten it). */
  outboxTiming?: OutboxTiming;
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
    // A hop count as proxy-addr takes it: the nearest n addresses of the chain are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    // A client that sends its request slower than this is cut off (408), and an idle socket closed.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node checks the request timeout every connectionsCheckingInterval (30 s by default): a shorter
    // timeout needs more frequent checks to hold.
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
    },
    return503OnClosing: true,
    clientErrorHandler: uploadAwareClientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  // A connection that has not sent a byte yet (a client's spare, opened ahead of need) is not idle
  // to Node: closing the server would wait for it until the headers timeout. It goes as we close.
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  });
  if (options.onRoute) {
    const listener = options.onRoute;
    app.addHook('onRoute', (route) => listener({ method: route.method, url: route.url }));
  }
  const outbox = new MailOutbox(db, mailer, clock, app.log, options.outboxTiming ?? DEFAULT_OUTBOX_TIMING);
  app.addHook('onReady', async () => {
    outbox.start();
    // Mail queued while no instance ran (or SMTP was down) goes now rather than at the first poll.
    void outbox.runOnce();
  });
  app.addHook('onClose', () => outbox.stop());
  const rl = config.rateLimits;
  const services: AppServices = {
    ctx: { db, mail: outbox, clock, hasher: options.hasher ?? createPasswordHasher(config.argon2), siteUrl: config.publicUrl },
    config,
    tokens: createTokenService(config.jwtSecret, config.publicUrl),
    media: options.media ?? (await createMediaStorage(config)),
    mediaSigner: createMediaSigner(config.media.urlSecret, config.media.urlTtlSeconds),
    limiters: {
      loginPerAccount: new RateLimiter(db, 'login_account', rl.loginPerAccount, clock),
      loginSlowdown: new Slowdown(db, 'login_account', rl.loginSlowdown, clock),
      loginPerKnownPlace: new RateLimiter(db, 'login_known_place', rl.loginPerKnownPlace, clock),
      loginPerIp: new RateLimiter(db, 'login_ip', rl.loginPerIp, clock),
      resetPerAccount: new RateLimiter(db, 'reset_account', rl.resetPerAccount, clock),
      resetPerIp: new RateLimiter(db, 'reset_ip', rl.resetPerIp, clock),
      unlockPerIp: new RateLimiter(db, 'unlock_ip', rl.unlockPerIp, clock),
      unlockWrongPerStudent: new RateLimiter(db, 'unlock_wrong_student', rl.unlockWrongPerStudent, clock),
      reportsPerUser: new RateLimiter(db, 'reports_user', rl.reportsPerUser, clock),
      mailsPerOwner: new RateLimiter(db, 'mails_owner', rl.mailsPerOwner, clock),
      familyLinkPerEmail: new RateLimiter(db, 'family_link_email', rl.familyLinkPerEmail, clock),
      familyLinkPerIp: new RateLimiter(db, 'family_link_ip', rl.familyLinkPerIp, clock),
      familyMessagesPerEmail: new RateLimiter(db, 'family_message_email', rl.familyMessagesPerEmail, clock),
    },
  };

  const retention = new RetentionJob(services.ctx, { privacyMonths: config.privacyRetentionMonths, reportDays: config.reportRetentionDays }, app.log);
  app.addHook('onReady', async () => {
    retention.start();
    void retention.runOnce();
    void scheduleClassesWithoutMeetings(db, clock()).then(
      (count) => count > 0 && app.log.info({ classes: count }, 'meetings made for classes saved without them'),
      (err: unknown) => app.log.warn({ error: err instanceof Error ? err.name : 'error' }, 'making meetings for classes without them failed'),
    );
  });
  app.addHook('onClose', () => retention.stop());
  const familySummaries = new FamilySummaryJob(services.ctx, app.log);
  app.decorate('familySummaries', familySummaries);
  app.addHook('onReady', async () => familySummaries.start());
  app.addHook('onClose', () => familySummaries.stop());

  installDbRetry(app);
  installErrorHandler(app);
  installRequestLog(app);
  // API answers (a roster of 10,000 students is about 3 MB of JSON) go out brotli- or gzip-compressed
  // when the browser accepts it; the app's files are compressed once at build time (static.ts).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  installBodyParsers(app);
  await installCors(app, config.corsOrigins);
  installSecurityHeaders(app, config);
  installAuth(app, services);
  const { instanceName } = config;
  if (instanceName !== null) {
    // Which instance behind the load balancer answered (the scale-out test and operators read it).
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-instance', instanceName);
    });
  }

  // Every API route declares its answer (http/answers.ts): the serializer writes only what the contract names.
  requireDeclaredAnswers(app);
  restIndexRoutes(app, 'Youngengineer Online');
  healthRoutes(app, db);
  jwtAuthRoutes(app, services);
  wlRoutes(app, services);
  rosterEditRoutes(app, services);
  ownerRoutes(app, services);
  insightsRoutes(app, services);
  pagesRoutes(app, services);
  usersRoutes(app, services);
  privacyRoutes(app, services);
  studioRoutes(app, services);
  await studioMediaRoutes(app, services);
  studioImportRoutes(app, services);
  classroomRoutes(app, services);
  classesRoutes(app, services);
  meetingsRoutes(app, services);
  calendarFeedRoutes(app, services);
  await familyUnsubscribeRoutes(app, services);
  lessonsRoutes(app, services);
  progressRoutes(app, services);
  signInCardRoutes(app, services);
  classNowRoutes(app, services);
  credentialRoutes(app, services);
  await studentImportRoutes(app, services);
  reportRoutes(app, services);
  familyRoutes(app, services);
  familyOwnerRoutes(app, services);
  await staticRoutes(app, services);
  return app;
}
