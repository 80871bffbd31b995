/**
 * XSS and security headers (claim 3 of server/HARDENING.md), server side: every answer carries a
 * Content-Security-Policy without unsafe-eval or inline script, nosniff, frame-ancestors /
 * X-Frame-Options and a Referrer-Policy; no HTML the server sends (the app shell, lesson plans, the
 * video embed pages) holds an inline script the policy would block.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { contentSecurityPolicy } from '../../http/securityHeaders';
import { PATHS, TEST_AUTH_KEY, startTestServer, type TestServer } from '../harness';
import { createMediaSigner } from '../../media/signedUrls';

jest.setTimeout(120_000);

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** <script> elements without a src attribute. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs = '']) => !/\bsrc\s*=/.test(attrs)).map(([whole]) => whole);
}

function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? htmlFiles(full) : e.name.endsWith('.html') ? [full] : [];
  });
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ dialect: 'sqlite', assets: true });
});
afterAll(async () => {
  await s?.close();
});

test('the policy: scripts from self only, no eval, no inline script; the directives the app needs', () => {
  const d = directives(contentSecurityPolicy({ publicUrl: 'http://localhost:8080', publicUrlExplicit: false }));
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('script-src')).toEqual(["'self'"]);
  expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(d.get('img-src')).toEqual(["'self'", 'data:']);
  expect(d.get('connect-src')).toEqual(["'self'"]);
  expect(d.get('frame-src')).toEqual(["'self'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'self'"]);
  expect(d.get('frame-ancestors')).toEqual(["'self'"]);
  // A PUBLIC_URL on another origin (a proxy in front) is where images and links point.
  const behindProxy = directives(contentSecurityPolicy({ publicUrl: 'https://portal.example.org', publicUrlExplicit: true }));
  expect(behindProxy.get('connect-src')).toEqual(["'self'", 'https://portal.example.org']);
  expect(behindProxy.get('img-src')).toEqual(["'self'", 'data:', 'https://portal.example.org']);
  expect(behindProxy.get('script-src')).toEqual(["'self'"]);
});

test.each([
  ['the app shell', 'GET', '/'],
  ['an app route', 'GET', '/building_instructions/Mia%20Levi'],
  ['the runtime configuration script', 'GET', '/portal-config.js'],
  ['an API answer', 'GET', `${PATHS.pages}/51`],
  ['an API error', 'POST', PATHS.students],
  ['no route', 'GET', '/wp-json/nothing/here'],
  ['a lesson plan', 'GET', '/content/lesson-plans/'],
  ['a video embed page', 'GET', 'EMBED'],
  ['the embed script', 'GET', '/content/videos/embed/embed.js'],
])('%s carries the security headers', async (_what, method, urlPath) => {
  let target = urlPath;
  if (target === 'EMBED') {
    const embeds = readdirSync(path.join(s.config.publicDir, 'content', 'videos', 'embed')).filter((f) => f.endsWith('.html'));
    target = `/content/videos/embed/${embeds[0] ?? 'missing.html'}`;
  }
  const answer = await s.request(method, target, method === 'POST' ? { AUTH_KEY: TEST_AUTH_KEY } : undefined);
  const csp = answer.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(directives(csp).get('script-src')).not.toContain("'unsafe-inline'");
  expect(directives(csp).get('frame-ancestors')).toEqual(["'self'"]);
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
});

test('no HTML the server sends holds an inline script; the embed pages load theirs from the same origin', async () => {
  const files = htmlFiles(s.config.publicDir);
  const embeds = files.filter((f) => f.includes(`${path.sep}embed${path.sep}`));
  expect(embeds.length).toBeGreaterThan(0);
  for (const file of files) expect({ file, inline: inlineScripts(readFileSync(file, 'utf8')) }).toEqual({ file, inline: [] });
  // Embed pages are lesson media: reached by a signed URL, which signs the page's own links too.
  const signer = createMediaSigner(s.config.media.urlSecret, s.config.media.urlTtlSeconds);
  const embed = await s.get(signer.sign(`/content/videos/embed/${path.basename(embeds[0] ?? '')}`, 0, new Date()));
  expect(embed.status).toBe(200);
  const scriptSrc = /<script src="(\/content\/videos\/embed\/embed\.js\?exp=\d+&amp;u=0&amp;sig=[\w-]+)"><\/script>/.exec(embed.text)?.[1] ?? '';
  expect(scriptSrc).not.toBe('');
  const script = await s.get(scriptSrc.replace(/&amp;/g, '&'));
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toMatch(/javascript/);
  expect(script.text).toContain("get('autoplay') === '1'");
  expect(inlineScripts((await s.get('/')).text)).toEqual([]);
  // The production build, when there is one, loads every script from a file too.
  const built = path.resolve(__dirname, '..', '..', '..', 'dist', 'index.html');
  if (existsSync(built)) expect(inlineScripts(readFileSync(built, 'utf8'))).toEqual([]);
});
