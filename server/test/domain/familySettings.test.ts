/**
 * The families' settings as the summary mail's job uses them, on a real database: each family's row
 * made once with the children's language, an unsubscribe secret that works until the next one, and
 * a summary period claimed once however many instances ask at the same moment.
 */
import { DEMO, describeEachDb, startTestServer, userIds, type TestServer } from '../harness';
import { UNSUBSCRIBE_LINK_DAYS, claimSummary, familyOfUnsubscribeSecret, summaryFamilies, unsubscribeSecretFor } from '../../domain/familySettings';

describeEachDb('families: the summary settings', (dialect) => {
  let s: TestServer;
  let dana = 0;
  const now = new Date('2026-03-09T06:00:00Z');

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    const ids = await userIds(s);
    dana = ids.get('dana')!.id;
    await s.db.kysely.updateTable('users').set({ locale: 'he_IL' }).where('id', '=', ids.get('mia')!.id).execute();
  });
  afterAll(() => s?.close());

  test("every family with a child is listed once, in the children's language, monthly and subscribed", async () => {
    const families = await summaryFamilies(s.db.kysely, now);
    const mias = families.filter((f) => f.parentEmail === DEMO.mia.email);
    expect(mias).toEqual([{ ownerId: dana, parentEmail: DEMO.mia.email, language: 'he', subscribed: true, frequency: 'monthly', lastSummaryPeriod: null }]);
    const students = await s.db.kysely.selectFrom('students').select(['teacher_id', 'parent_email']).distinct().execute();
    expect(families).toHaveLength(students.length);
    expect(await summaryFamilies(s.db.kysely, now)).toEqual(families);
  });

  test('each mail\'s unsubscribe secret names its family, an older one too, until it is UNSUBSCRIBE_LINK_DAYS old; only hashes are stored', async () => {
    const first = await unsubscribeSecretFor(s.db.kysely, dana, 'Parent.Mia@demo.portal.test', now);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await familyOfUnsubscribeSecret(s.db.kysely, first)).toMatchObject({ owner_id: dana, parent_email: DEMO.mia.email });
    const stored = async () => JSON.stringify([await s.db.kysely.selectFrom('family_settings').selectAll().execute(), await s.db.kysely.selectFrom('family_unsubscribe_links').selectAll().execute()]);
    expect(await stored()).not.toContain(first);
    const second = await unsubscribeSecretFor(s.db.kysely, dana, DEMO.mia.email, now);
    expect(second).not.toBe(first);
    expect(await familyOfUnsubscribeSecret(s.db.kysely, first)).toMatchObject({ owner_id: dana });
    expect(await familyOfUnsubscribeSecret(s.db.kysely, second)).toMatchObject({ owner_id: dana });
    expect(await stored()).not.toContain(second);
    // A mail made UNSUBSCRIBE_LINK_DAYS later forgets both.
    const later = new Date(now.getTime() + (UNSUBSCRIBE_LINK_DAYS + 1) * 86_400_000);
    const third = await unsubscribeSecretFor(s.db.kysely, dana, DEMO.mia.email, later);
    expect(await familyOfUnsubscribeSecret(s.db.kysely, first)).toBeUndefined();
    expect(await familyOfUnsubscribeSecret(s.db.kysely, second)).toBeUndefined();
    expect(await familyOfUnsubscribeSecret(s.db.kysely, third)).toMatchObject({ owner_id: dana });
    expect(await familyOfUnsubscribeSecret(s.db.kysely, 'not-a-secret')).toBeUndefined();
  });

  test("a summary period is claimed once across two instances' connections", async () => {
    const other = s.reopen();
    try {
      const claims = await Promise.all([
        claimSummary(s.db.kysely, dana, DEMO.mia.email, '2026-03', now),
        claimSummary(other.kysely, dana, DEMO.mia.email, '2026-03', now),
        claimSummary(s.db.kysely, dana, DEMO.mia.email, '2026-03', now),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await claimSummary(other.kysely, dana, DEMO.mia.email, '2026-04', now)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
