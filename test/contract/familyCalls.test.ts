/**
 * The parents' pages' calls (src/features/family/api.ts) and the owner's (familyOwner, renewals),
 * made with the real ApiClient against the real backend on both databases: the link asked for and
 * opened once, the overview the family page reads, a message, a child's data, an erasure request,
 * the settings, and the owner's side; the parent's token never ends the app's session.
 */
import { getErasureRequests, getFamilyLanguage, putFamilyLanguage } from '../../src/features/familyOwner/api';
import { askForErasure, askForSignInLink, endFamilySession, getChildData, getFamilyOverview, openFamilySession, saveFamilySettings, writeToTeacher } from '../../src/features/family/api';
import { getFamilySummary, putFamilySummary } from '../../src/features/renewals/api';
import { linkSecret } from '../../server/test/routes/familyHelpers';
import { DEMO, describeEachDb, startTestServer, type TestServer } from '../../server/test/harness';
import { appClient, failure, signedInClient } from './appClients';

jest.setTimeout(90_000);

describeEachDb("the families' calls against the portal backend", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a parent's link signs in once; the family page, a message, the data, an erasure request and the settings read as the app reads them", async () => {
    const { api, session } = appClient(server);
    await expect(askForSignInLink.send(api, DEMO.mia.email, 'en')).resolves.toEqual({ sent: true });
    const secret = await linkSecret(server, DEMO.mia.email);
    const family = await openFamilySession.send(api, secret);
    expect(family).toMatchObject({ email: DEMO.mia.email, language: 'en', token: expect.any(String) });
    expect(await failure(openFamilySession.send(api, secret))).toMatchObject({ status: 403, code: 'family_link_invalid' });

    const overview = await getFamilyOverview.send(api, family.token);
    const mia = overview.children.find((child) => child.firstName === 'Mia');
    expect(mia).toMatchObject({ lastName: 'Levi', program: 'Play Machines 1', models: [], teacher: { name: 'Dana Cohen' }, erasureRequestedAt: null });
    expect(mia?.lessons).toEqual(expect.objectContaining({ total: expect.any(Number), left: expect.any(Number) }));
    const id = mia!.studentId;
    await expect(writeToTeacher.send(api, family.token, id, 'Mia will miss Tuesday.')).resolves.toBeUndefined();
    await expect(getChildData.send(api, family.token, id)).resolves.toMatchObject({ student: expect.objectContaining({ firstName: 'Mia' }) });
    expect((await askForErasure.send(api, family.token, id)).erasureRequestedAt).toEqual(expect.any(String));
    const changed = await saveFamilySettings.send(api, family.token, { language: 'he', summaries: overview.summaries.map((s) => ({ ownerId: s.ownerId, subscribed: false })) });
    expect(changed.language).toBe('he');
    expect(changed.summaries.every((s) => !s.subscribed)).toBe(true);

    // The owner sees the request and the family's language.
    const dana = (await signedInClient(server, 'dana')).api;
    expect(await getErasureRequests.send(dana)).toEqual([expect.objectContaining({ studentId: id, firstName: 'Mia' })]);
    await expect(getFamilyLanguage.send(dana, DEMO.mia.email, null)).resolves.toEqual({ parentEmail: DEMO.mia.email, language: 'he' });
    await expect(putFamilyLanguage.send(dana, DEMO.mia.email, null, 'es')).resolves.toEqual({ parentEmail: DEMO.mia.email, language: 'es' });
    await expect(getFamilySummary.send(dana)).resolves.toMatchObject({ frequency: 'monthly' });
    await expect(putFamilySummary.send(dana, 'weekly')).resolves.toMatchObject({ frequency: 'weekly' });

    // Signed out: the token no longer opens the family page. None of it ended the app's own session.
    await expect(endFamilySession.send(api, family.token)).resolves.toBeUndefined();
    expect(await failure(getFamilyOverview.send(api, family.token))).toMatchObject({ status: 403, code: 'jwt_auth_invalid_token' });
    expect(session.expired).toBe(0);
  });
});
