/**
 * Where the WordPress import may connect, proven with real servers that record whether anyone came:
 * a loopback "inside" server on 127.0.0.1 that the import must never reach, and a "site" on
 * 127.0.0.2, the one local address the operator allowed (IMPORT_ALLOW_ADDRESSES). The IPv6
 * spellings of metadata and loopback addresses are refused by the studio before any connection; a
 * redirect to loopback is refused at that hop; a closed port, a port that does not speak HTTP and
 * a silent one (and, on PostgreSQL, the test's own database server) read the same; a host name is looked up once and the connection goes to the address
 * that was judged. On SQLite and PostgreSQL.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, isIP, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { STUDIO_PATHS, type StudioImportJob } from '../../../contract';
import { addressAllowed, fetchChecked, type Resolver } from '../../import/http';
import { DEMO, describeEachDb, expectWpError, startTestServer, type TestServer } from '../harness';

jest.setTimeout(60_000);

const SITE_HOST = '127.0.0.2';

interface Recorder {
  server: Server;
  port: number;
  hits: string[];
}

/** An HTTP server that notes every request; `answer` decides what it says. */
async function recorder(host: string, answer: (url: string, port: number) => { status: number; headers?: Record<string, string> }): Promise<Recorder> {
  const hits: string[] = [];
  let port = 0;
  const server = createHttpServer((req, res) => {
    hits.push(`${req.headers.host ?? ''} ${req.url ?? ''}`);
    const { status, headers } = answer(req.url ?? '/', port);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  port = (server.address() as AddressInfo).port;
  return { server, port, hits };
}

const close = async (server: Server | TcpServer | undefined) => {
  if (!server) return;
  if ('closeAllConnections' in server) server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

/** A port nothing listens on (a server opened there, then closed). */
async function closedPort(host: string): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, host, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A TCP server that answers anything as PostgreSQL answers a stranger (an error packet), or never answers at all. */
async function tcpServer(host: string, mode: 'postgres-like' | 'silent'): Promise<{ server: TcpServer; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    if (mode === 'postgres-like') socket.once('data', () => socket.end(Buffer.from('E\0\0\0\x4bSFATAL\0C0A000\0Munsupported frontend protocol 18245.21536\0\0', 'latin1')));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

test('an address is judged after unwrapping the IPv4 address an IPv6 form carries; named ranges are allowed', () => {
  const refused = [
    '169.254.169.254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '::a9fe:a9fe', '::ffff:0:a9fe:a9fe', '2002:a9fe:a9fe::1',
    '127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::7f00:1', '::7f00:1', '::1', '::', '0.0.0.0',
    '10.0.0.1', '172.16.5.4', '192.168.1.1', '100.64.0.1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', '224.0.0.1', 'ff02::1', '255.255.255.255',
    '::ffff:10.0.0.1', '64:ff9b::c0a8:101', '64:ff9b:1::a9fe:a9fe', 'not an address', '',
  ];
  for (const address of refused) expect({ address, allowed: addressAllowed(address) }).toEqual({ address, allowed: false });
  const allowed = ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::ffff:93.184.215.14', '64:ff9b::5db8:d70e'];
  for (const address of allowed) expect({ address, allowed: addressAllowed(address) }).toEqual({ address, allowed: true });
  // What the operator names is allowed, in every spelling; its neighbours are not.
  expect(addressAllowed('::ffff:127.0.0.2', ['127.0.0.2'])).toBe(true);
  expect(addressAllowed('127.0.0.2', ['127.0.0.2'])).toBe(true);
  expect(addressAllowed('127.0.0.1', ['127.0.0.2'])).toBe(false);
  expect(addressAllowed('10.9.8.7', ['10.0.0.0/8'])).toBe(true);
  expect(addressAllowed('169.254.169.254', ['10.0.0.0/8'])).toBe(false);
});

describeEachDb('the WordPress import connects only where it may', (dialect) => {
  let s: TestServer;
  let inside: Recorder;
  let site: Recorder;
  let token = '';

  beforeAll(async () => {
    inside = await recorder('127.0.0.1', () => ({ status: 200 }));
    const to: Record<string, (port: number) => string> = {
      mapped: () => `http://[::ffff:127.0.0.1]:${inside.port}/`,
      hex: () => `http://[::ffff:7f00:1]:${inside.port}/`,
      plain: () => `http://127.0.0.1:${inside.port}/`,
      localhost: () => `http://localhost:${inside.port}/`,
      metadata: () => 'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    };
    site = await recorder(SITE_HOST, (url) => {
      const target = to[url.split('/')[2] ?? ''];
      return target ? { status: 302, headers: { location: target(inside.port) } } : { status: 404 };
    });
    s = await startTestServer({ dialect, env: { IMPORT_ALLOW_ADDRESSES: SITE_HOST } });
    token = await s.login(DEMO.admin.username, DEMO.admin.password);
  });
  afterAll(async () => {
    await s?.close();
    await close(inside?.server);
    await close(site?.server);
  });

  async function importJob(url: string): Promise<StudioImportJob> {
    const started = await s.post(STUDIO_PATHS.imports, { url }, { token });
    expect(started.status).toBe(202);
    let job = started.body as StudioImportJob;
    for (let i = 0; i < 400 && (job.status === 'queued' || job.status === 'running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await s.get(STUDIO_PATHS.importJob(job.id), { token })).body as StudioImportJob;
    }
    return job;
  }

  test('the IPv6 spellings of metadata and loopback addresses are refused before any connection', async () => {
    const port = inside.port;
    const urls = [
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
      'http://[::a9fe:a9fe]/latest/meta-data/',
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[64:ff9b::7f00:1]:${port}/`,
      `http://[::7f00:1]:${port}/`,
      `http://127.0.0.1:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
    ];
    for (const url of urls) {
      const answer = await s.post(STUDIO_PATHS.imports, { url }, { token });
      expectWpError(answer, 400, 'rest_invalid_param');
      expect((answer.body as { message: string }).message).toMatch(/loopback, private, link-local or other local address/);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inside.hits).toEqual([]);
    expect((await s.get(STUDIO_PATHS.imports, { token })).body).toEqual([]);
  });

  test('a redirect to loopback or metadata, in any spelling, is refused at that hop: the inside server is never reached', async () => {
    for (const hop of ['mapped', 'hex', 'plain', 'localhost', 'metadata']) {
      site.hits.length = 0;
      const job = await importJob(`http://${SITE_HOST}:${site.port}/r/${hop}`);
      expect(job).toMatchObject({ status: 'failed', step: expect.stringMatching(/^Failed: .* could not be reached, or did not answer in time/) });
      expect(site.hits).toEqual([`${SITE_HOST}:${site.port} /r/${hop}/wp-json/wp/v2/pages/127`]);
    }
    expect(inside.hits).toEqual([]);
  });

  test("listing a site's programs for the import screen keeps the same rules: refused addresses and redirects never reach inside", async () => {
    const list = (url: string) => s.get(`${STUDIO_PATHS.importSitePrograms}?url=${encodeURIComponent(url)}`, { token });
    for (const url of [`http://[::ffff:7f00:1]:${inside.port}/`, `http://localhost:${inside.port}/`, 'http://[::ffff:a9fe:a9fe]/latest/meta-data/']) {
      const answer = await list(url);
      expectWpError(answer, 400, 'rest_invalid_param');
      expect((answer.body as { message: string }).message).toMatch(/loopback, private, link-local or other local address/);
    }
    for (const hop of ['mapped', 'plain', 'metadata']) {
      const answer = await list(`http://${SITE_HOST}:${site.port}/r/${hop}`);
      expectWpError(answer, 502, 'import_site_unreadable');
      expect((answer.body as { message: string }).message).toMatch(/could not be reached, or did not answer in time/);
    }
    expect(inside.hits).toEqual([]);
  });

  test('a closed port, a port that does not speak HTTP and a refused redirect end with the same words', async () => {
    const closed = await closedPort(SITE_HOST);
    const postgresLike = await tcpServer(SITE_HOST, 'postgres-like');
    try {
      const steps = new Map<string, string>();
      const withoutPlace = (step: string) => step.replace(/^Failed: \S+ /, 'Failed: HOST ');
      steps.set('closed', withoutPlace((await importJob(`http://${SITE_HOST}:${closed}/`)).step));
      steps.set('postgres-like', withoutPlace((await importJob(`http://${SITE_HOST}:${postgresLike.port}/`)).step));
      steps.set('redirect to loopback', withoutPlace((await importJob(`http://${SITE_HOST}:${site.port}/r/plain`)).step));
      expect(postgresLike.sockets.length).toBeGreaterThan(0);
      expect(new Set(steps.values()).size).toBe(1);
      expect(steps.get('closed')).toBe('Failed: HOST could not be reached, or did not answer in time: check the address and that the site is up');
      if (dialect === 'postgres') {
        // The real PostgreSQL of this run, allowed for this one request, reads as a closed port beside it.
        const pg = new URL(process.env.TEST_DATABASE_URL ?? '');
        const host = pg.hostname.replace(/^\[|\]$/g, '');
        const failure = (port: number) =>
          fetchChecked(`http://${pg.hostname}:${port}/`, { timeoutMs: 5000, maxBytes: 1024, allow: [isIP(host) ? host : '127.0.0.1'] }).then(
            () => 'answered',
            (err: Error) => err.message.replace(`:${port} `, ':PORT '),
          );
        expect(await failure(Number(pg.port || 5432))).toBe(await failure(await closedPort(isIP(host) ? host : '127.0.0.1')));
      }
    } finally {
      await close(postgresLike.server);
    }
  });
});

describe('one request: the address judged is the address connected to', () => {
  let inside: Recorder;
  let site: Recorder;
  beforeAll(async () => {
    inside = await recorder('127.0.0.1', () => ({ status: 200 }));
    site = await recorder(SITE_HOST, () => ({ status: 200 }));
  });
  afterAll(async () => {
    await close(inside?.server);
    await close(site?.server);
  });

  test('a rebinding name server (an allowed address first, loopback next) gets asked once, and only the allowed address is reached', async () => {
    const asked: string[] = [];
    const rebinding: Resolver = async (host) => {
      asked.push(host);
      return [{ address: asked.length === 1 ? SITE_HOST : '127.0.0.1', family: 4 }];
    };
    const answer = await fetchChecked(`http://rebind.test:${site.port}/wp-json/`, { timeoutMs: 5000, maxBytes: 1024, allow: [SITE_HOST], resolve: rebinding });
    expect(answer.status).toBe(200);
    expect(asked).toEqual(['rebind.test']);
    expect(site.hits).toEqual([`rebind.test:${site.port} /wp-json/`]);
    expect(inside.hits).toEqual([]);
  });

  test('a name with an allowed and a loopback address is refused as a whole, and nothing is reached', async () => {
    site.hits.length = 0;
    const both: Resolver = async () => [
      { address: SITE_HOST, family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ];
    await expect(fetchChecked(`http://both.test:${site.port}/`, { timeoutMs: 5000, maxBytes: 1024, allow: [SITE_HOST], resolve: both })).rejects.toThrow(
      `both.test:${site.port} could not be reached, or did not answer in time`,
    );
    expect(site.hits).toEqual([]);
    expect(inside.hits).toEqual([]);
  });

  test('a silent port reads as a closed one', async () => {
    const silent = await tcpServer(SITE_HOST, 'silent');
    const closed = await closedPort(SITE_HOST);
    try {
      const failure = async (port: number) =>
        fetchChecked(`http://${SITE_HOST}:${port}/`, { timeoutMs: 400, maxBytes: 1024, allow: [SITE_HOST] }).then(
          () => 'answered',
          (err: Error) => err.message.replace(String(port), 'PORT'),
        );
      expect(await failure(silent.port)).toBe(await failure(closed));
      expect(silent.sockets.length).toBe(1);
    } finally {
      for (const socket of silent.sockets) socket.destroy();
      await close(silent.server);
    }
  });
});
