/**
 * Configuration of the portal backend, read once from the environment and the command line.
 * Every variable is listed in server/CONFIG.md. Nothing else in server/ reads process.env.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_SHARED_DEVICE_IDLE_MINUTES } from '../contract/signInCards';
import { DEFAULT_REPORT_RETENTION_DAYS, FAMILY_LIMITS } from '../contract';

export interface RateLimitRule {
  /** Most events allowed inside the window. */
  max: number;
  windowMs: number;
  /**
   * Counted in this many slices of the window, and the slices of the last windowMs summed: a window
   * that slides (to a slice), so that no burst across a window's edge gets twice max.
   */
  slices?: number;
}

/** After a limit is used up: one attempt after firstDelayMs, then after each doubled delay, up to maxDelayMs. */
export interface SlowdownRule {
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface RateLimits {
  /** Failed logins per account from browsers that never signed in to it (NIST 800-63B: at most 100 a day). */
  loginPerAccount: RateLimitRule;
  /** Past loginPerAccount, those browsers are slowed (growing delays), not refused for the rest of the day. */
  loginSlowdown: SlowdownRule;
  /** Failed logins per account from one browser that signed in to it before: its own count, so a guesser elsewhere cannot lock it out. */
  loginPerKnownPlace: RateLimitRule;
  /** Failed logins per client IP. */
  loginPerIp: RateLimitRule;
  /** Password resets per e-mail address. */
  resetPerAccount: RateLimitRule;
  /** Password resets per client IP. */
  resetPerIp: RateLimitRule;
  /** Unlock attempts per client IP (the per-student limit of wrong codes is stored in the database). */
  unlockPerIp: RateLimitRule;
  /** Wrong unlock codes per student, counted in the database so that it holds across instances. */
  unlockWrongPerStudent: RateLimitRule;
  /** Problem reports per user. */
  reportsPerUser: RateLimitRule;
  /** Sign-ups (create_student) and sign-in mails sent again, per owner or administrator: each sends a mail. */
  mailsPerOwner: RateLimitRule;
  /** Families' sign-in links asked for, per e-mail address (known or not). */
  familyLinkPerEmail: RateLimitRule;
  /** Families' sign-in links asked for, per client IP. */
  familyLinkPerIp: RateLimitRule;
  /** A parent's messages to the teacher, per family session's e-mail. */
  familyMessagesPerEmail: RateLimitRule;
}

export interface Argon2Params {
  /** KiB */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export type SmtpConfig = { url: string } | null;

export interface DbPoolConfig {
  /** Most PostgreSQL connections each instance holds. */
  max: number;
  /** A statement running longer is cancelled (0: no limit). */
  statementTimeoutMs: number;
  /** An idle connection is closed after this long. */
  idleTimeoutMs: number;
  /** Waiting longer for a connection (the database down, the pool exhausted) fails the request with 503. */
  connectTimeoutMs: number;
}

/** Fastify's trustProxy: false, a hop count, or the proxies' addresses and ranges; never "trust everyone". */
export type TrustProxy = false | number | string[];

export interface S3MediaConfig {
  /** Unset for AWS itself; e.g. http://127.0.0.1:9000 for MinIO. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default chain (environment, instance role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** bucket in the path (http://host/bucket/key) rather than in the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Prepended to every object key ("" or e.g. "portal/"). */
  prefix: string;
}

export interface MediaConfig {
  driver: 'local' | 's3';
  s3: S3MediaConfig;
  /** HMAC key of the signed media URLs in page answers. */
  urlSecret: string;
  /** How long a signed media URL stays valid, in seconds. */
  urlTtlSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  /** Base URL of this site as browsers reach it: the JWT issuer and the base of page links. */
  publicUrl: string;
  /** PUBLIC_URL was set: links use it; otherwise they use the host each request came to. */
  publicUrlExplicit: boolean;
  dataDir: string;
  /** Static content (instruction images, lesson plans, videos) served at /progrmas/ and /content/, with the local media driver. */
  publicDir: string;
  media: MediaConfig;
  /** The app's production build. */
  distDir: string;
  /** PostgreSQL connection string; null means the embedded SQLite file. */
  databaseUrl: string | null;
  sqliteFile: string;
  /** Seed the demo data into an empty embedded database (`--demo`). */
  demo: boolean;
  /**
   * Several instances may share the database (DATABASE_URL set, or NODE_ENV=production): PUBLIC_URL,
   * JWT_SECRET and AUTH_KEY must come from the environment, alike on every instance.
   */
  production: boolean;
  dbPool: DbPoolConfig;
  /** Most time to receive a whole request, headers and body (slow bodies get 408). */
  requestTimeoutMs: number;
  /** A socket with no traffic for this long is closed. */
  connectionTimeoutMs: number;
  jwtSecret: string;
  authKey: string;
  /** Allowed CORS origins; 'localhost' allows any http(s) origin on localhost or 127.0.0.1. */
  corsOrigins: string[] | 'localhost';
  smtp: SmtpConfig;
  mailFrom: string;
  outboxDir: string;
  supportEmail: string;
  cmsAdminUrl: string;
  qaPanel: boolean;
  devTools: boolean;
  logLevel: string;
  trustProxy: TrustProxy;
  argon2: Argon2Params;
  rateLimits: RateLimits;
  /** First administrator of an empty production database. */
  firstAdmin: { username: string; email: string; password: string | null };
  buildIfNeeded: boolean;
  /** Students whose lessons ended more than this many months ago are anonymised (PRIVACY_RETENTION_MONTHS). */
  privacyRetentionMonths: number;
  /** A session started from a sign-in card (a shared tablet) signs out after this many idle minutes (SHARED_DEVICE_IDLE_MINUTES). */
  sharedDeviceIdleMinutes: number;
  /** Problem reports older than this many days are deleted (REPORT_RETENTION_DAYS). */
  reportRetentionDays: number;
  /** This instance's name, sent as X-Instance on every answer (INSTANCE_NAME); null sends none. */
  instanceName: string | null;
  /** Server processes sharing the port (WORKERS): the machine's cores on PostgreSQL, 1 on the embedded database. */
  workers: number;
  /** Local addresses (CIDR ranges) the WordPress import may reach (IMPORT_ALLOW_ADDRESSES); every other non-public address is refused. */
  importAllowAddresses: string[];
}

export class ConfigError extends Error {}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAccount: { max: 100, windowMs: DAY },
  loginSlowdown: { firstDelayMs: 5_000, maxDelayMs: 5 * MINUTE },
  loginPerKnownPlace: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 50, windowMs: 15 * MINUTE },
  resetPerAccount: { max: 5, windowMs: HOUR },
  resetPerIp: { max: 20, windowMs: HOUR },
  unlockPerIp: { max: 60, windowMs: MINUTE },
  unlockWrongPerStudent: { max: 10, windowMs: HOUR },
  reportsPerUser: { max: 20, windowMs: HOUR },
  // A classroom's worth in a burst; a school's list goes through the student import.
  mailsPerOwner: { max: 100, windowMs: HOUR, slices: 60 },
  familyLinkPerEmail: { max: 5, windowMs: HOUR },
  familyLinkPerIp: { max: 20, windowMs: HOUR },
  familyMessagesPerEmail: { max: FAMILY_LIMITS.messagesPerDay, windowMs: DAY },
};

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const DEFAULT_ARGON2: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

type Env = Record<string, string | undefined>;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** WORKERS: a number, or 'auto' for one per core. */
function workersVar(env: Env, embedded: boolean): number {
  const raw = env.WORKERS?.trim();
  if (raw === 'auto' || ((raw === undefined || raw === '') && !embedded)) return availableParallelism();
  return intVar(env, 'WORKERS', 1, 1, 256);
}

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

/**
 * A secret from the environment, or else one generated once and kept in the data folder
 * (only allowed for the embedded database: several instances on one PostgreSQL must share it).
 */
function secret(env: Env, name: string, dataDir: string, fileName: string, mayGenerate: boolean): string {
  const fromEnv = env[name];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 16) throw new ConfigError(`${name} must be at least 16 characters long`);
    return fromEnv;
  }
  if (!mayGenerate) throw new ConfigError(`${name} must be set in production (DATABASE_URL or NODE_ENV=production): every instance must share it`);
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

function corsOrigins(raw: string | undefined): string[] | 'localhost' {
  if (raw === undefined || raw.trim() === '') return 'localhost';
  return raw
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter((o) => o !== '');
}

/**
 * The external content-management admin panel's address, or '' when there is none. This server has
 * no admin panel of its own (it answers every page path with the app), so an address on this site
 * (a path, or PUBLIC_URL's origin) would open the portal's home page: that is refused.
 */
function cmsAdminUrl(raw: string | undefined, publicUrl: string): string {
  const value = raw?.trim() ?? '';
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('CMS_ADMIN_URL must be the full address of the content admin panel on another site (https://...), or unset');
  }
  if (url.origin === new URL(publicUrl).origin) throw new ConfigError('CMS_ADMIN_URL points at this portal, which has no content admin panel: set the CMS site\'s address, or leave it unset');
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(raw: string | undefined, fallback: string): string {
  if (raw === undefined || raw.trim() === '') return fallback;
  const level = raw.trim().toLowerCase();
  if (!LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

/** A header value: letters, digits, dot, dash and underscore, so it cannot carry anything else. */
function instanceName(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(value)) throw new ConfigError('INSTANCE_NAME must be 1 to 64 letters, digits, dots, dashes or underscores');
  return value;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyRange(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or 0 trusts no proxy; a number trusts that many hops in front of the server;
 * otherwise a comma-separated list of the proxies' addresses or ranges (CIDR). Trusting every
 * address would let any client pick its own address (and so its rate limits) with X-Forwarded-For.
 */
function trustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === '0' || value === 'false' || value === 'no' || value === 'off') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError('TRUST_PROXY must be a hop count from 0 to 10, or the proxies\' addresses or ranges');
    return hops;
  }
  const hint = 'TRUST_PROXY must be a hop count (e.g. 1) or the proxies\' addresses or ranges (e.g. 10.0.0.0/8,127.0.0.1), never "trust everything"';
  if (['true', 'yes', 'on', '*', 'all'].includes(value)) throw new ConfigError(hint);
  const entries = value.split(',').map((e) => e.trim()).filter((e) => e !== '');
  if (entries.some((e) => !proxyRange(e)) || entries.some((e) => /^(0\.0\.0\.0|::)\/0$/.test(e))) throw new ConfigError(hint);
  return entries;
}

const LOCAL_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['fc00::/7'],
};

/**
 * IMPORT_ALLOW_ADDRESSES: the local addresses or ranges the WordPress import may reach (a WordPress
 * on the same network, the tests' own): addresses, CIDR ranges, or loopback, private, linklocal,
 * uniquelocal. Unset: public addresses only.
 */
function importAllowAddresses(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(',').map((e) => e.trim().toLowerCase()).filter((e) => e !== '');
  const hint = 'IMPORT_ALLOW_ADDRESSES must be addresses or CIDR ranges (e.g. 10.1.2.3,192.168.0.0/16), or loopback, private, linklocal, uniquelocal';
  if (entries.some((e) => !LOCAL_RANGES[e] && !proxyRange(e))) throw new ConfigError(hint);
  if (entries.some((e) => /\/0$/.test(e))) throw new ConfigError(`${hint}; never every address (/0)`);
  return entries.flatMap((e) => LOCAL_RANGES[e] ?? [e]);
}

/**
 * The media storage driver and the signing of media URLs. The signing key defaults to one derived
 * from JWT_SECRET, which every instance already shares.
 */
function mediaConfig(env: Env, jwtSecret: string): MediaConfig {
  const driver = (env.MEDIA_DRIVER?.trim().toLowerCase() || 'local') as MediaConfig['driver'];
  if (driver !== 'local' && driver !== 's3') throw new ConfigError('MEDIA_DRIVER must be local or s3');
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (driver === 's3' && bucket === '') throw new ConfigError('S3_BUCKET must be set when MEDIA_DRIVER is s3');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint !== null && !/^https?:\/\/[^/]/.test(endpoint)) throw new ConfigError('S3_ENDPOINT must be an http(s):// address');
  const prefix = env.S3_PREFIX?.trim().replace(/^\/+/, '') ?? '';
  const urlSecret = env.MEDIA_URL_SECRET ?? '';
  if (urlSecret !== '' && urlSecret.length < 16) throw new ConfigError('MEDIA_URL_SECRET must be at least 16 characters long');
  return {
    driver,
    s3: {
      endpoint,
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      credentials: accessKeyId === '' ? null : { accessKeyId, secretAccessKey },
      forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, endpoint !== null),
      prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    },
    urlSecret: urlSecret || createHmac('sha256', jwtSecret).update('media-url-signing').digest('base64url'),
    urlTtlSeconds: intVar(env, 'MEDIA_URL_TTL', 3600, 60, 7 * 24 * 3600),
  };
}

export interface CliFlags {
  buildIfNeeded: boolean;
  demo: boolean;
}

export function parseFlags(argv: readonly string[]): CliFlags {
  return { buildIfNeeded: argv.includes('--build-if-needed'), demo: argv.includes('--demo') };
}

export function loadConfig(env: Env = process.env, argv: readonly string[] = process.argv.slice(2), cwd = process.cwd()): Config {
  const flags = parseFlags(argv);
  const port = intVar(env, 'PORT', 8080, 0, 65_535);
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const databaseUrl = env.DATABASE_URL && env.DATABASE_URL.trim() !== '' ? env.DATABASE_URL.trim() : null;
  const embedded = databaseUrl === null;
  const production = !embedded || env.NODE_ENV === 'production';
  // Demo accounts exist only when asked for with `--demo` (PORTAL_DEMO=0 still turns them off), and
  // never in production.
  const demo = flags.demo && !production && flag(env.PORTAL_DEMO, true);
  // The demo's accounts have published passwords: it listens on this machine only unless HOST says otherwise.
  const host = env.HOST || (demo ? '127.0.0.1' : '0.0.0.0');
  const smtpUrl = env.SMTP_URL?.trim();
  if (production && !env.PUBLIC_URL?.trim()) throw new ConfigError('PUBLIC_URL must be set in production (DATABASE_URL or NODE_ENV=production): every instance must share it');
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/$/, '');
  const jwtSecret = secret(env, 'JWT_SECRET', dataDir, 'jwt-secret', !production);
  return {
    port,
    host,
    production,
    workers: workersVar(env, embedded),
    dbPool: {
      max: intVar(env, 'DB_POOL_SIZE', 10, 1, 1000),
      statementTimeoutMs: intVar(env, 'DB_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
      idleTimeoutMs: intVar(env, 'DB_IDLE_TIMEOUT_MS', 30_000, 1000, 3_600_000),
      connectTimeoutMs: intVar(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 600_000),
    },
    requestTimeoutMs: intVar(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 3_600_000),
    connectionTimeoutMs: intVar(env, 'CONNECTION_TIMEOUT_MS', 60_000, 1000, 3_600_000),
    publicUrl,
    publicUrlExplicit: Boolean(env.PUBLIC_URL?.trim()),
    dataDir,
    publicDir: path.join(dataDir, 'public'),
    media: mediaConfig(env, jwtSecret),
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist'),
    databaseUrl,
    sqliteFile: path.join(dataDir, 'portal.sqlite'),
    demo,
    jwtSecret,
    authKey: secret(env, 'AUTH_KEY', dataDir, 'auth-key', !production),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    smtp: smtpUrl ? { url: smtpUrl } : null,
    mailFrom: env.MAIL_FROM || 'Youngengineer Online <no-reply@demo.portal.test>',
    outboxDir: path.join(dataDir, 'outbox'),
    supportEmail: env.SUPPORT_EMAIL || 'team@demo.portal.test',
    cmsAdminUrl: cmsAdminUrl(env.CMS_ADMIN_URL, publicUrl),
    qaPanel: flag(env.QA_PANEL, false),
    devTools: flag(env.DEVTOOLS, false),
    // The demo is for trying the portal: its console shows the banner, warnings and errors only.
    logLevel: logLevel(env.LOG_LEVEL, demo ? 'warn' : 'info'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    argon2: {
      memoryCost: intVar(env, 'ARGON2_MEMORY_KIB', DEFAULT_ARGON2.memoryCost, 1024, 4_194_304),
      timeCost: intVar(env, 'ARGON2_TIME_COST', DEFAULT_ARGON2.timeCost, 1, 20),
      parallelism: DEFAULT_ARGON2.parallelism,
    },
    rateLimits: { ...DEFAULT_RATE_LIMITS, mailsPerOwner: { ...DEFAULT_RATE_LIMITS.mailsPerOwner, max: intVar(env, 'OWNER_MAILS_PER_HOUR', DEFAULT_RATE_LIMITS.mailsPerOwner.max, 1, 1_000_000) } },
    firstAdmin: {
      username: (env.ADMIN_USERNAME || 'admin').trim().toLowerCase(),
      email: (env.ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase(),
      password: env.ADMIN_PASSWORD && env.ADMIN_PASSWORD !== '' ? env.ADMIN_PASSWORD : null,
    },
    buildIfNeeded: flags.buildIfNeeded,
    instanceName: instanceName(env.INSTANCE_NAME),
    privacyRetentionMonths: intVar(env, 'PRIVACY_RETENTION_MONTHS', 12, 1, 120),
    sharedDeviceIdleMinutes: intVar(env, 'SHARED_DEVICE_IDLE_MINUTES', DEFAULT_SHARED_DEVICE_IDLE_MINUTES, 1, 720),
    reportRetentionDays: intVar(env, 'REPORT_RETENTION_DAYS', DEFAULT_REPORT_RETENTION_DAYS, 1, 3650),
    importAllowAddresses: importAllowAddresses(env.IMPORT_ALLOW_ADDRESSES),
  };
}
