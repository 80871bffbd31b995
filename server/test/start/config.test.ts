import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, DEFAULT_ARGON2, loadConfig } from '../../config';
import { tempDirEachTest } from '../tempDir';

describe('configuration', () => {
  const dir = tempDirEachTest('portal-config-');

  test('defaults: embedded demo database on port 8080 in ./data; secrets generated once and kept (mode 600)', () => {
    const c = loadConfig({}, ['--demo', '--build-if-needed'], dir());
    expect(c).toMatchObject({ port: 8080, dataDir: path.join(dir(), 'data'), databaseUrl: null, demo: true, buildIfNeeded: true, corsOrigins: 'localhost', smtp: null, argon2: DEFAULT_ARGON2 });
    expect(c.sqliteFile).toBe(path.join(dir(), 'data', 'portal.sqlite'));
    const file = path.join(dir(), 'data', 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(c.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const again = loadConfig({}, [], dir());
    expect(again.jwtSecret).toBe(c.jwtSecret);
    expect(again.authKey).toBe(c.authKey);
  });

  test('environment variables', () => {
    const c = loadConfig(
      {
        PORT: '9090',
        DATA_DIR: 'state',
        PORTAL_DEMO: '0',
        JWT_SECRET: 'j'.repeat(40),
        AUTH_KEY: 'k'.repeat(20),
        CORS_ORIGINS: 'https://a.example, https://b.example/',
        SMTP_URL: 'smtp://mail.example:587',
        SUPPORT_EMAIL: 'help@x.test',
        CMS_ADMIN_URL: 'https://cms.example/wp-admin/',
        QA_PANEL: 'true',
        DEVTOOLS: '1',
        PUBLIC_URL: 'https://portal.example/',
        ADMIN_USERNAME: 'Boss',
        ADMIN_EMAIL: 'Boss@X.test',
        ADMIN_PASSWORD: 'long-enough-password',
      },
      [],
      dir(),
    );
    expect(c).toMatchObject({
      port: 9090,
      dataDir: path.join(dir(), 'state'),
      demo: false,
      corsOrigins: ['https://a.example', 'https://b.example'],
      smtp: { url: 'smtp://mail.example:587' },
      supportEmail: 'help@x.test',
      cmsAdminUrl: 'https://cms.example/wp-admin/',
      qaPanel: true,
      devTools: true,
      publicUrl: 'https://portal.example',
      publicUrlExplicit: true,
      firstAdmin: { username: 'boss', email: 'boss@x.test', password: 'long-enough-password' },
    });
  });

  test('PostgreSQL: no demo seeding, and the secrets must come from the environment', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y' }, [], dir())).toThrow(ConfigError);
    const c = loadConfig({ DATABASE_URL: 'postgres://x/y', JWT_SECRET: 'j'.repeat(40), AUTH_KEY: 'k'.repeat(20), PUBLIC_URL: 'https://portal.example' }, ['--demo'], dir());
    expect(c.demo).toBe(false);
    expect(c.production).toBe(true);
    expect(c.databaseUrl).toBe('postgres://x/y');
  });

  test('production (DATABASE_URL or NODE_ENV=production): PUBLIC_URL, JWT_SECRET and AUTH_KEY are required, never generated', () => {
    const shared = { JWT_SECRET: 'j'.repeat(40), AUTH_KEY: 'k'.repeat(20), PUBLIC_URL: 'https://portal.example' };
    for (const base of [{ DATABASE_URL: 'postgres://x/y' }, { NODE_ENV: 'production' }] as Record<string, string>[]) {
      expect(loadConfig({ ...base, ...shared }, [], dir()).production).toBe(true);
      for (const missing of ['PUBLIC_URL', 'JWT_SECRET', 'AUTH_KEY'] as const) {
        const env: Record<string, string> = { ...base, ...shared };
        delete env[missing];
        expect(() => loadConfig(env, [], dir())).toThrow(new RegExp(`^${missing} must be set in production`));
      }
    }
    expect(existsSync(path.join(dir(), 'data', 'jwt-secret'))).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...shared }, ['--demo'], dir()).demo).toBe(false);
  });

  test('demo accounts only with --demo; the demo listens on 127.0.0.1 unless HOST is set', () => {
    expect(loadConfig({}, [], dir())).toMatchObject({ demo: false, host: '0.0.0.0', production: false });
    expect(loadConfig({}, ['--demo'], dir())).toMatchObject({ demo: true, host: '127.0.0.1' });
    expect(loadConfig({ HOST: '0.0.0.0' }, ['--demo'], dir()).host).toBe('0.0.0.0');
    expect(loadConfig({ PORTAL_DEMO: '0' }, ['--demo'], dir()).demo).toBe(false);
  });

  test('TRUST_PROXY: a hop count or the proxies\' addresses and ranges; "trust everything" is refused', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, [], dir()).trustProxy;
    expect(loadConfig({}, [], dir()).trustProxy).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['true', 'yes', '*', 'all', '0.0.0.0/0', '::/0', 'proxy.example', '10.0.0.0/33', '1.2.3']) {
      expect(() => trust(bad)).toThrow(/^TRUST_PROXY must be a hop count/);
    }
  });

  test('IMPORT_ALLOW_ADDRESSES: public addresses only by default; addresses, ranges and named local ranges; never every address', () => {
    const allow = (value: string) => loadConfig({ IMPORT_ALLOW_ADDRESSES: value }, [], dir()).importAllowAddresses;
    expect(loadConfig({}, [], dir()).importAllowAddresses).toEqual([]);
    expect(allow('10.1.2.3, 192.168.0.0/16,fd00::/8')).toEqual(['10.1.2.3', '192.168.0.0/16', 'fd00::/8']);
    expect(allow('loopback')).toEqual(['127.0.0.0/8', '::1/128']);
    expect(allow('private')).toEqual(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']);
    for (const bad of ['0.0.0.0/0', '::/0', 'wordpress.local', '10.0.0.0/33', '1.2.3', '*']) {
      expect(() => allow(bad)).toThrow(/^IMPORT_ALLOW_ADDRESSES must be addresses or CIDR ranges/);
    }
  });

  test('database pool and HTTP timeouts', () => {
    expect(loadConfig({}, [], dir())).toMatchObject({
      dbPool: { max: 10, statementTimeoutMs: 30_000, idleTimeoutMs: 30_000, connectTimeoutMs: 5000 },
      requestTimeoutMs: 30_000,
      connectionTimeoutMs: 60_000,
    });
    const c = loadConfig(
      { DB_POOL_SIZE: '25', DB_STATEMENT_TIMEOUT_MS: '0', DB_IDLE_TIMEOUT_MS: '5000', DB_CONNECT_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '10000', CONNECTION_TIMEOUT_MS: '20000' },
      [],
      dir(),
    );
    expect(c).toMatchObject({ dbPool: { max: 25, statementTimeoutMs: 0, idleTimeoutMs: 5000, connectTimeoutMs: 2000 }, requestTimeoutMs: 10_000, connectionTimeoutMs: 20_000 });
    expect(() => loadConfig({ DB_POOL_SIZE: '0' }, [], dir())).toThrow(/DB_POOL_SIZE/);
  });

  test('no content admin panel unless CMS_ADMIN_URL names one on another site (this server would open its home page)', () => {
    expect(loadConfig({}, ['--demo'], dir()).cmsAdminUrl).toBe('');
    expect(loadConfig({ CMS_ADMIN_URL: ' ' }, [], dir()).cmsAdminUrl).toBe('');
    expect(() => loadConfig({ CMS_ADMIN_URL: '/wp-admin/' }, [], dir())).toThrow(/CMS_ADMIN_URL/);
    expect(() => loadConfig({ CMS_ADMIN_URL: 'http://localhost:8080/wp-admin/' }, [], dir())).toThrow(/this portal/);
    expect(() => loadConfig({ CMS_ADMIN_URL: 'https://portal.example/wp-admin/', PUBLIC_URL: 'https://portal.example' }, [], dir())).toThrow(/this portal/);
    expect(loadConfig({ CMS_ADMIN_URL: 'https://cms.portal.example/wp-admin/', PUBLIC_URL: 'https://portal.example' }, [], dir()).cmsAdminUrl).toBe('https://cms.portal.example/wp-admin/');
  });

  test('media: the local folder by default, signed URLs for an hour with a key derived from JWT_SECRET; or an S3-compatible store', () => {
    const local = loadConfig({ JWT_SECRET: 'j'.repeat(40) }, [], dir());
    expect(local.media).toMatchObject({ driver: 'local', urlTtlSeconds: 3600 });
    expect(local.media.urlSecret).not.toBe(local.jwtSecret);
    expect(loadConfig({ JWT_SECRET: 'j'.repeat(40) }, [], dir()).media.urlSecret).toBe(local.media.urlSecret);
    const s3 = loadConfig(
      {
        MEDIA_DRIVER: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'media',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: '/portal',
        MEDIA_URL_SECRET: 'm'.repeat(32),
        MEDIA_URL_TTL: '600',
      },
      [],
      dir(),
    );
    expect(s3.media).toEqual({
      driver: 's3',
      s3: { endpoint: 'http://127.0.0.1:9000', bucket: 'media', region: 'eu-central-1', credentials: { accessKeyId: 'key', secretAccessKey: 'secret' }, forcePathStyle: true, prefix: 'portal/' },
      urlSecret: 'm'.repeat(32),
      urlTtlSeconds: 600,
    });
    // AWS itself: virtual-hosted buckets and the SDK's own credential chain.
    expect(loadConfig({ MEDIA_DRIVER: 's3', S3_BUCKET: 'media' }, [], dir()).media.s3).toMatchObject({ endpoint: null, forcePathStyle: false, credentials: null, region: 'us-east-1', prefix: '' });
  });

  test('bad values are refused with the variable named', () => {
    expect(() => loadConfig({ MEDIA_DRIVER: 'ftp' }, [], dir())).toThrow(/MEDIA_DRIVER/);
    expect(() => loadConfig({ MEDIA_DRIVER: 's3' }, [], dir())).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, [], dir())).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' }, [], dir())).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ MEDIA_URL_TTL: '10' }, [], dir())).toThrow(/MEDIA_URL_TTL/);
    expect(() => loadConfig({ MEDIA_URL_SECRET: 'short' }, [], dir())).toThrow(/MEDIA_URL_SECRET/);
    expect(() => loadConfig({ PORT: 'eighty' }, [], dir())).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' }, [], dir())).toThrow(/JWT_SECRET/);
  });
});
