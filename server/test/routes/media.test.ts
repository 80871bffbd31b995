/**
 * The media catalogue: every media URL any role receives in wp/v2/pages, asked for as an <img>
 * tag asks (no Authorization header) by anonymous, a student before and after the unlock, an
 * owner and an administrator. A locked lesson's or a hidden program's file is never 200 to who may
 * not open it; lesson plans go to owners and administrators only; a bad signature is 403.
 */
import type { WirePage } from '../../../contract';
import { createMediaSigner } from '../../media/signedUrls';
import { DEMO, PATHS, expectWpError, startTestServer, type TestServer } from '../harness';

type Role = 'anonymous' | 'studentLocked' | 'studentUnlocked' | 'owner' | 'admin';
const ROLES: Role[] = ['anonymous', 'studentLocked', 'studentUnlocked', 'owner', 'admin'];
const MEDIA = /^\/(progrmas|content)\//;
const PUBLIC_FIELDS = new Set(['program_logo', 'lego_long', 'program_desktop_backgroung', 'program_mobile_backgroung', 'small_image', 'single_model_lego_color']);

interface Received {
  pageId: number;
  /** The page's custom field or meta key the URL came from. */
  key: string;
  /** Path and query as the role received it; '' when the answer left it out. */
  url: string;
}

/** Every media value in a page answer, keyed by its path in the administrator's answer. */
function mediaOf(page: WirePage, origin: string): Map<string, Received> {
  const found = new Map<string, Received>();
  const walk = (value: unknown, key: string, where: string) => {
    if (typeof value === 'string') {
      const local = value.startsWith(origin) ? value.slice(origin.length) : value;
      if (MEDIA.test(local) || value === '') found.set(where, { pageId: page.id, key, url: local });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, key, `${where}.${i}`));
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, key, `${where}.${k}`);
  };
  const reserved = new Set(['guid', 'link', 'title', 'content', 'excerpt', '_links']);
  for (const [key, value] of Object.entries(page)) {
    if (key === 'metadata') for (const [m, v] of Object.entries(value as Record<string, string[]>)) walk(v, m, `${page.id}.metadata.${m}`);
    else if (!reserved.has(key)) walk(value, key, `${page.id}.${key}`);
  }
  return found;
}

async function allPages(s: TestServer, token?: string): Promise<WirePage[]> {
  const pages: WirePage[] = [];
  for (let n = 1; ; n += 1) {
    const answer = await s.get(`${PATHS.pages}?per_page=100&page=${n}`, token ? { token } : {});
    pages.push(...(answer.body as WirePage[]));
    if (n >= Number(answer.headers.get('x-wp-totalpages'))) return pages;
  }
}

/**
 * Every file that is not a gallery step, and of each gallery the first two steps and the last
 * (steps in between are named and signed the same way): some 5,000 requests fewer.
 */
function sampled(where: string, all: Map<string, Received>): boolean {
  const step = /^(.*_gallery)\.(\d+)\./.exec(where);
  if (!step) return true;
  const n = Number(step[2]);
  return n < 2 || !all.has(`${step[1]}.${n + 1}.original`);
}

describe('protected media: the catalogue', () => {
  let s: TestServer;
  const received = new Map<Role, Map<string, Received>>();
  let adminPages: WirePage[] = [];
  let catapult = 0;

  beforeAll(async () => {
    s = await startTestServer({ dialect: 'sqlite', assets: true });
    const tokens = { student: await s.login('mia', DEMO.mia.password), owner: await s.login('dana', DEMO.dana.password), admin: await s.login('admin', DEMO.admin.password) };
    const collect = async (role: Role, token?: string) => {
      const map = new Map<string, Received>();
      for (const page of await allPages(s, token)) for (const [where, r] of mediaOf(page, s.baseUrl)) map.set(where, r);
      received.set(role, map);
    };
    await collect('anonymous');
    await collect('studentLocked', tokens.student);
    adminPages = await allPages(s, tokens.admin);
    catapult = adminPages.find((p) => p.title.rendered === 'Catapult' && p.parent === 130)?.id ?? 0;
    const unlock = await s.post(PATHS.unlock, { AUTH_KEY: 'test-auth-key-0123456789', lesson_id: catapult, code: '2468' }, { token: tokens.student });
    expect(unlock.status).toBe(200);
    await collect('studentUnlocked', tokens.student);
    await collect('owner', tokens.owner);
    await collect('admin', tokens.admin);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  /** Who may open a file, from the administrator's view of the pages (hide flags, codes, parents). */
  function mayOpen(role: Role, r: Received): boolean {
    const byId = new Map(adminPages.map((p) => [p.id, p]));
    let hidden = false;
    for (let p = byId.get(r.pageId); p; p = byId.get(p.parent)) if ((p.metadata?.hide as string[] | undefined)?.[0] === '1') hidden = true;
    if (role === 'admin') return true;
    if (hidden) return false;
    if (r.key === 'lesson_plans_url') return role === 'owner';
    if (PUBLIC_FIELDS.has(r.key) || role === 'owner') return true;
    const page = byId.get(r.pageId);
    const locked = Boolean((page?.metadata?.lesson_password as string[] | undefined)?.[0]);
    if (!locked) return true;
    return role === 'studentUnlocked' && r.pageId === catapult;
  }

  test('every media URL any role receives: 200 exactly to whoever may open it, 403 to everyone else', async () => {
    const all = received.get('admin')!;
    expect(all.size).toBeGreaterThan(200);
    const kinds = new Set([...all.values()].map((r) => (PUBLIC_FIELDS.has(r.key) ? 'public' : r.key === 'lesson_plans_url' ? 'plan' : 'lesson')));
    expect([...kinds].sort()).toEqual(['lesson', 'plan', 'public']);
    const rows: string[] = [];
    const expectedRows: string[] = [];
    const jobs: (() => Promise<void>)[] = [];
    for (const [where, adminView] of all) {
      if (adminView.url === '' || !sampled(where, all)) continue;
      const path = adminView.url.split('?')[0]!;
      for (const role of ROLES) {
        const mine = received.get(role)!.get(where);
        const allowed = mayOpen(role, adminView);
        // What the role's browser would ask for: the URL it got, or else the bare path.
        const url = mine && mine.url !== '' ? mine.url : path;
        expectedRows.push(`${role} ${where} ${allowed ? 200 : 403}`);
        jobs.push(async () => {
          const answer = await fetch(`${s.baseUrl}${url}`);
          await answer.arrayBuffer();
          rows.push(`${role} ${where} ${answer.status}`);
        });
        // A role that may not open a file is not even told its path.
        if (!allowed) expect({ role, where, url: mine?.url ?? '' }).toEqual({ role, where, url: '' });
      }
    }
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }));
    expect(rows.sort()).toEqual(expectedRows.sort());
  }, 120_000);

  test('anonymous answers name no media of a locked lesson; public pictures stay unsigned', () => {
    for (const r of received.get('anonymous')!.values()) {
      if (r.url === '') continue;
      expect(PUBLIC_FIELDS.has(r.key)).toBe(true);
      expect(r.url).not.toContain('sig=');
    }
  });

  test('a signed embed page links its video, poster and script signed for the same user and expiry', async () => {
    const embed = [...received.get('studentUnlocked')!.values()].find((r) => r.pageId === catapult && r.url.includes('/videos/embed/'));
    expect(embed).toBeDefined();
    if (!embed) return;
    const page = await s.get(embed.url);
    expect(page.status).toBe(200);
    const links = [...page.text.matchAll(/(?:src|poster)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      expect(link).toContain(new URL(embed.url, s.baseUrl).search.split('&sig=')[0]!.replace(/^\?/, ''));
      expect((await s.get(link)).status).toBe(200);
    }
  });

  test('an expired, edited or moved signature is 403 rest_forbidden', async () => {
    const step = [...received.get('admin')!.values()].find((r) => r.key === 'lesson_0_gallery' && r.url.includes('sig='))!;
    const [path, query] = step.url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    expect((await s.get(step.url)).status).toBe(200);
    const signer = createMediaSigner(s.config.media.urlSecret, s.config.media.urlTtlSeconds);
    const expired = signer.signUntil(path, Number(params.get('u')), Math.floor(Date.now() / 1000) - 1);
    const edit = (name: string, value: string) => {
      const p = new URLSearchParams(params);
      p.set(name, value);
      return `${path}?${p.toString()}`;
    };
    const sig = params.get('sig')!;
    const cases = [
      expired,
      edit('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`),
      edit('sig', sig.slice(0, -1)),
      edit('u', String(Number(params.get('u')) + 1)),
      edit('u', `0${params.get('u')}`),
      edit('exp', String(Number(params.get('exp')) + 60)),
      `${path.replace(/\/(\d+)\.svg$/, (_m, n: string) => `/${Number(n) + 1}.svg`)}?${query}`,
      path,
      `${path}?exp=&u=&sig=`,
    ];
    for (const url of cases) expectWpError(await s.get(url), 403, 'rest_forbidden');
    // A valid signature for a file that is not there is a plain 404.
    expectWpError(await s.get(signer.sign('/progrmas/Nope/1.svg', 0, new Date())), 404, 'rest_no_route');
  });
});
