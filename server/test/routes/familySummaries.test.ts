/**
 * The families' summary mail, end to end: the hourly round (as the app runs it) at the start of a
 * month queues one mail per family through the outbox, read as a mail app reads it; the one-click
 * unsubscribe of its header (RFC 8058) stops the next month's mail, and turning the mails on again
 * brings them back; two instances running the round at once queue each family's mail once; the
 * log holds counts, never a parent's address or a child's name.
 */
import { FAMILY_PATHS, PROGRESS_PATHS, ROSTER_PATHS, type FamilyOverview, type FamilySession, type FamilyUnsubscribeAnswer, type WirePage } from '../../../contract';
import { queueFamilySummaries } from '../../domain/familySummaries';
import { createPasswordHasher } from '../../domain/passwords';
import { setFamilySubscribed, unsubscribeSecretFor } from '../../domain/familySettings';
import { DEMO, PATHS, TEST_ARGON2, TEST_AUTH_KEY, describeEachDb, eventually, expectWpError, startSecondInstance, startTestServer, userIds, type Mail, type TestServer } from '../harness';

jest.setTimeout(120_000);

const MIAS = DEMO.mia.email;
const NOAMS = 'noam.friedman.parent@demo.portal.test';

describeEachDb('the families summary mail', (dialect) => {
  let s: TestServer;
  let now = new Date('2026-11-20T15:00:00Z');
  let danaId = 0;

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => now });
    const ids = await userIds(s);
    danaId = ids.get('dana')!.id;
    // Mia builds the Catapult to its last step in November.
    const mia = await s.login('mia', DEMO.mia.password);
    const dana = await s.login('dana', DEMO.dana.password);
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: dana })).body as WirePage[];
    const catapult = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    expect((await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: catapult, code: '2468' }, { token: mia })).status).toBe(200);
    const step = { lessonId: catapult, tabId: 'tab-1', tabIndex: 0, tabs: 1, steps: 12 };
    expect((await s.request('PUT', PROGRESS_PATHS.myProgress, { ...step, step: 11 }, { token: mia })).status).toBe(200);
    expect((await s.request('PUT', PROGRESS_PATHS.myProgress, { ...step, step: 12 }, { token: mia })).status).toBe(200);
    // Dana ends Noam's lessons: his family has no active child.
    const noam = [...ids.entries()].find(([username]) => username === 'noam.friedman')![1].id;
    expect((await s.post(ROSTER_PATHS.studentEnd(noam), undefined, { token: dana })).status).toBe(200);
    // Dana sets Mia's family's language: Hebrew.
    expect((await s.request('PUT', FAMILY_PATHS.familyLanguage, { parentEmail: MIAS, language: 'he' }, { token: dana })).status).toBe(200);
  });
  afterAll(() => s?.close());

  const SUMMARY_SUBJECTS = ['החודש של המשפחה שלך ב-Youngengineer Online', 'השבוע של המשפחה שלך ב-Youngengineer Online'];
  const miasMails = async (): Promise<Mail[]> => (await s.mails()).filter((m) => m.to === MIAS && SUMMARY_SUBJECTS.includes(m.subject));

  /** Mia's parent signs in as parents do: a link by mail, opened once. */
  async function parentSession(): Promise<string> {
    const before = (await s.mails()).length;
    expect((await s.post(FAMILY_PATHS.signInLink, { email: MIAS })).status).toBe(200);
    await eventually(async () => (await s.mails()).length > before, 'the sign-in link');
    const link = (await s.mails()).slice(before).find((m) => m.to === MIAS)!;
    const secret = /\/family\/sign-in#([A-Za-z0-9_-]+)/.exec(link.text)![1];
    const session = await s.post(FAMILY_PATHS.session, { secret });
    expect(session.status).toBe(200);
    return (session.body as FamilySession).token;
  }

  async function roundAt(iso: string): Promise<void> {
    now = new Date(iso);
    await s.app.familySummaries.runOnce();
  }

  test('the first of the month: one Hebrew mail for the family, right to left, with both unsubscribe headers; one click stops the next one', async () => {
    // Mid-month nothing is due: the round does not even read the families (no family's row is made).
    const rowsBefore = await s.db.kysely.selectFrom('family_settings').select('owner_id').execute();
    now = new Date('2026-11-20T16:00:00Z');
    expect(await s.app.familySummaries.runOnce()).toEqual({ queued: 0, alreadySent: 0, unsubscribed: 0, withoutActiveChild: 0, failed: 0 });
    expect(await s.db.kysely.selectFrom('family_settings').select('owner_id').execute()).toHaveLength(rowsBefore.length);
    await roundAt('2026-11-30T23:00:00Z');
    expect(await miasMails()).toEqual([]);

    now = new Date('2026-12-01T01:00:00Z');
    const december = await s.app.familySummaries.runOnce();
    expect(december).toMatchObject({ alreadySent: 0, unsubscribed: 0, withoutActiveChild: 1, failed: 0 });
    expect((await s.mails()).filter((m) => m.to === NOAMS && m.subject.includes('Youngengineer Online'))).toEqual([]);
    await eventually(async () => (await miasMails()).length === 1, 'the summary in the outbox folder');
    // The same round again (the next hour) queues nothing more.
    await roundAt('2026-12-01T02:00:00Z');
    const [mail] = await miasMails();
    expect(await miasMails()).toHaveLength(1);

    expect(mail!.subject).toBe('החודש של המשפחה שלך ב-Youngengineer Online');
    expect(mail!.text).toContain('שלום Ruth Levi,');
    expect(mail!.text).toContain('הנה מה שהמשפחה שלך עשתה עם Dana Cohen בנובמבר 2026.');
    expect(mail!.text).toContain('Mia\n');
    expect(mail!.text).toContain('נבנו החודש: Catapult');
    expect(mail!.text).not.toContain('Levi\n- ');
    expect(mail!.html).toMatch(/<html lang="he" dir="rtl">/);
    expect(mail!.html).toContain('<bdi>Catapult</bdi>');
    // No other child of Dana's is in Mia's family's mail.
    expect(mail!.text).not.toMatch(/Noam|Tamar|Itai/);
    const unsubscribeHeader = mail!.headers['list-unsubscribe'] ?? '';
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(unsubscribeHeader)?.[1] ?? '';
    const secret = oneClick.split('/').at(-1) ?? '';
    expect(new URL(oneClick).pathname).toBe(FAMILY_PATHS.unsubscribe(secret));
    expect(mail!.text).toContain(`/family/unsubscribe#${secret}`);
    expect(mail!.text).toContain('/family\n');

    // A link checker that follows the address unsubscribes nobody; the mail app's one click does.
    expect((await s.get(new URL(oneClick).pathname)).status).toBe(404);
    const click = await s.post(new URL(oneClick).pathname, { 'List-Unsubscribe': 'One-Click' }, { form: true });
    expect(click.status).toBe(200);
    expect(click.body).toEqual({ unsubscribed: true, teacherName: 'Dana Cohen' } satisfies FamilyUnsubscribeAnswer);
    // Clicked twice (mail providers retry): the same answer.
    expect((await s.post(new URL(oneClick).pathname, {}, {})).status).toBe(200);

    await roundAt('2027-01-01T01:00:00Z');
    expect(await miasMails()).toHaveLength(1);
    // Other families still get theirs.
    expect((await s.mails()).filter((m) => m.subject === "Your family's month on Youngengineer Online").length).toBeGreaterThan(0);

    // The family page shows the mails off; the parent turns them on again there: the month after brings one.
    const parent = await parentSession();
    const overview = (await s.get(FAMILY_PATHS.overview, { token: parent })).body as FamilyOverview;
    expect(overview.summaries.find((f) => f.ownerId === danaId)).toMatchObject({ teacherName: 'Dana Cohen', subscribed: false });
    const turnedOn = await s.request('PUT', FAMILY_PATHS.settings, { summaries: [{ ownerId: danaId, subscribed: true }] }, { token: parent });
    expect(turnedOn.status).toBe(200);
    expect((turnedOn.body as FamilyOverview).summaries.find((f) => f.ownerId === danaId)?.subscribed).toBe(true);
    await roundAt('2027-02-01T01:00:00Z');
    await eventually(async () => (await miasMails()).length === 2, 'the next summary');
    const february = (await miasMails())[1]!;
    expect(february.subject).toBe('החודש של המשפחה שלך ב-Youngengineer Online');
    expect(february.text).toContain('בינואר 2027');
    expect(february.headers['list-unsubscribe']).not.toBe(unsubscribeHeader);
    // December's link, read late, still unsubscribes after February's mail went.
    expect((await s.post(new URL(oneClick).pathname, { 'List-Unsubscribe': 'One-Click' }, { form: true })).status).toBe(200);
    const family = await s.db.kysely.selectFrom('family_settings').select('subscribed').where('owner_id', '=', danaId).where('parent_email', '=', MIAS).executeTakeFirst();
    expect(family?.subscribed).toBe(0);

    // Counts in the log, never an address or a name.
    const log = s.logs.join('');
    expect(log).toContain('family summary mails queued');
    for (const secretWord of [MIAS, 'Ruth', 'Mia', 'Catapult', secret]) expect(log).not.toContain(secretWord);
  });

  test('the unsubscribe route: a form, multipart or JSON; anything else in the body is refused, an unknown secret is not found, and the REST index lists it', async () => {
    expectWpError(await s.post(FAMILY_PATHS.unsubscribe('x'.repeat(43)), { 'List-Unsubscribe': 'One-Click' }, { form: true }), 404, 'family_unsubscribe_invalid');
    expectWpError(await s.post(FAMILY_PATHS.unsubscribe('short'), {}), 404, 'family_unsubscribe_invalid');
    expectWpError(await s.post(FAMILY_PATHS.unsubscribe('x'.repeat(43)), { unsubscribe: 'everyone' }), 400, 'rest_invalid_param');

    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const secret = await unsubscribeSecretFor(s.db.kysely, danaId, MIAS, now);
    const multipart = await fetch(s.baseUrl + FAMILY_PATHS.unsubscribe(secret), { method: 'POST', body: form });
    expect({ status: multipart.status, body: (await multipart.json()) as unknown }).toEqual({ status: 200, body: { unsubscribed: true, teacherName: 'Dana Cohen' } });
    await setFamilySubscribed(s.db.kysely, danaId, MIAS, true, now);

    const index = (await s.get('/wp-json/')).body as { routes: Record<string, { methods: string[] }> };
    expect(index.routes['/yo/v1/family/unsubscribe/(?P<secret>[^/]+)']?.methods).toEqual(['POST']);
  });

  test('two instances running the round at once queue each family\'s mail once', async () => {
    now = new Date('2027-02-20T12:00:00Z');
    // PostgreSQL: a second instance with its own pool. SQLite is one instance's file (one writer): two rounds at once on it.
    const second = dialect === 'postgres' ? await startSecondInstance(s, () => now) : null;
    try {
      const last = await s.db.kysely.selectFrom('mail_outbox').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
      now = new Date('2027-03-01T00:30:00Z');
      const otherRound = second ? second.app.familySummaries.runOnce() : queueFamilySummaries({ db: s.db, hasher: createPasswordHasher(TEST_ARGON2), mail: { deliverSoon: async () => undefined }, clock: () => now, siteUrl: s.config.publicUrl });
      const [a, b] = await Promise.all([s.app.familySummaries.runOnce(), otherRound]);
      expect(a).not.toBeNull();
      expect(b).not.toBeNull();
      const rows = await s.db.kysely.selectFrom('mail_outbox').select('to_address').where('id', '>', Number(last.id ?? 0)).execute();
      const added = rows.map((r) => r.to_address);
      expect(added.filter((to) => to === MIAS)).toHaveLength(1);
      expect(new Set(added).size).toBe(added.length);
      expect(added.length).toBeGreaterThan(1);
      expect(a!.queued + b!.queued).toBe(added.length);
      expect(a!.alreadySent + b!.alreadySent).toBe(added.length);
    } finally {
      await second?.close();
    }
  });

  test('where the owner turns weekly on: Monday brings the week before, in the family\'s language', async () => {
    now = new Date('2027-03-03T09:00:00Z');
    const dana = await s.login('dana', DEMO.dana.password);
    expect((await s.request('PUT', FAMILY_PATHS.ownerSettings, { frequency: 'weekly' }, { token: dana })).status).toBe(200);
    const before = (await miasMails()).length;
    await roundAt('2027-03-07T23:00:00Z');
    expect(await miasMails()).toHaveLength(before);
    await roundAt('2027-03-08T00:30:00Z');
    await eventually(async () => (await miasMails()).length === before + 1, 'the weekly summary');
    const weekly = (await miasMails()).at(-1)!;
    expect(weekly.subject).toBe('השבוע של המשפחה שלך ב-Youngengineer Online');
    expect(weekly.text).toMatch(/בשבוע של 1.7 במרץ 2027/);
    expect(weekly.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  test('a family whose mail cannot be made this hour holds up no other, and goes the next hour', async () => {
    // Dana's families are weekly now; Lee's and Maria's get April's first-of-the-month mail. One of
    // Lee's families has a language no catalogue knows (a row a newer version wrote, say).
    const leeId = (await userIds(s)).get('lee')!.id;
    const [broken] = await s.db.kysely.selectFrom('family_settings').select('parent_email').where('owner_id', '=', leeId).orderBy('parent_email').execute();
    const setLanguage = (language: string) =>
      s.db.kysely.updateTable('family_settings').set({ language: language as 'en' }).where('owner_id', '=', leeId).where('parent_email', '=', broken!.parent_email).execute();
    await setLanguage('xx');
    now = new Date('2027-04-01T01:00:00Z');
    const first = await s.app.familySummaries.runOnce();
    expect(first).toMatchObject({ failed: 1, failedWith: 'TypeError' });
    expect(first!.queued).toBeGreaterThan(1);
    expect(s.logs.join('')).toContain('family summary mails not made for some families');

    await setLanguage('en');
    now = new Date('2027-04-01T02:00:00Z');
    expect(await s.app.familySummaries.runOnce()).toMatchObject({ queued: 1, alreadySent: first!.queued, failed: 0 });
    await eventually(async () => (await s.mails()).some((m) => m.to === broken!.parent_email && m.text.includes('in March 2027')), 'the late mail');
  });
});
