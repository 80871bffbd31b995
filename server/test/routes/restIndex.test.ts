/** GET /wp-json/ lists this backend's routes the way WordPress's REST index does. */
import type { WireRestIndex } from '../../../contract';
import { describeEachDb, startTestServer, type TestServer } from '../harness';

describeEachDb('REST index', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => {
    await s?.close();
  });

  test('names the namespaces and every route with its methods, as WordPress does', async () => {
    const answer = await s.get('/wp-json/');
    expect(answer.status).toBe(200);
    const index = answer.body as WireRestIndex;
    expect(index.namespaces.sort()).toEqual(['jwt-auth/v1', 'wl/v1', 'wp/v2', 'yo/v1']);
    expect(index.routes['/wl/v1/unlock_lesson']).toEqual({ namespace: 'wl/v1', methods: ['POST'], endpoints: [{ methods: ['POST'] }] });
    expect(index.routes['/wl/v1/create_franchise_owner']?.methods).toEqual(['POST']);
    expect(index.routes['/wp/v2/users/me']?.methods.sort()).toEqual(['GET', 'PATCH', 'POST', 'PUT']);
    expect(index.routes['/wp/v2/pages/(?P<id>[^/]+)']).toMatchObject({ namespace: 'wp/v2', methods: ['GET'] });
    expect(index.routes['/jwt-auth/v1/token']?.namespace).toBe('jwt-auth/v1');
    // The portal's own routes are listed too, so the app finds out it may offer classes.
    expect(index.routes['/yo/v1/classes']).toEqual({ namespace: 'yo/v1', methods: ['GET', 'POST'], endpoints: [{ methods: ['GET'] }, { methods: ['POST'] }] });
    expect(index.routes['/yo/v1/classes/(?P<id>[^/]+)']?.methods.sort()).toEqual(['GET', 'PUT']);
    expect(index.routes['/yo/v1/classes/(?P<id>[^/]+)/archive']?.methods).toEqual(['POST']);
    expect(index.routes['/yo/v1/meetings']?.methods).toEqual(['GET']);
    expect(index.routes['/yo/v1/meetings/(?P<id>[^/]+)']?.methods.sort()).toEqual(['GET', 'PUT']);
    expect(index.routes['/yo/v1/classes/(?P<id>[^/]+)/meetings']?.methods).toEqual(['POST']);
    expect(index.routes['/yo/v1/meetings/(?P<id>[^/]+)/attendance']?.methods.sort()).toEqual(['GET', 'PUT']);
    expect(index.routes['/yo/v1/students/(?P<id>[^/]+)/lessons']?.methods).toEqual(['GET']);
    expect(index.routes['/yo/v1/students/(?P<id>[^/]+)/renewal']?.methods).toEqual(['POST']);
    expect(index.routes['/yo/v1/renewals-due']?.methods).toEqual(['GET']);
    expect(index.routes['/yo/v1/settings/lessons']?.methods.sort()).toEqual(['GET', 'PUT']);
    expect(index.routes['/yo/v1/reports/monthly']?.methods).toEqual(['GET']);
    expect(index.routes['/yo/v1/me/calendar-feed']?.methods.sort()).toEqual(['DELETE', 'GET', 'POST']);
    expect(Object.keys(index.routes).filter((route) => route.startsWith('/yo/v1/calendar/'))).toEqual(['/yo/v1/calendar/(?P<secret>[^/]+).ics']);
    // The app offers "I'm a parent" where the families' sign-in link is listed with POST.
    expect(index.routes['/yo/v1/family/sign-in-link']).toEqual({ namespace: 'yo/v1', methods: ['POST'], endpoints: [{ methods: ['POST'] }] });
    expect(index.routes['/yo/v1/family/session']?.methods.sort()).toEqual(['DELETE', 'POST']);
    expect(index.routes['/yo/v1/family']?.methods).toEqual(['GET']);
    expect(index.routes['/yo/v1/family/children/(?P<id>[^/]+)/data']?.methods).toEqual(['GET']);
    expect(index.routes['/yo/v1/family/children/(?P<id>[^/]+)/erasure-request']?.methods).toEqual(['POST']);
    expect(index.routes['/yo/v1/family/children/(?P<id>[^/]+)/message']?.methods).toEqual(['POST']);
    expect(index.routes['/yo/v1/family/settings']?.methods).toEqual(['PUT']);
    expect(index.routes['/yo/v1/family-settings']?.methods.sort()).toEqual(['GET', 'PUT']);
    expect(index.routes['/yo/v1/family-settings/language']?.methods.sort()).toEqual(['GET', 'PUT']);
    expect(index.routes['/yo/v1/erasure-requests']?.methods).toEqual(['GET']);
    expect(index.routes['/']).toMatchObject({ namespace: '', methods: ['GET'] });
    expect(Object.keys(index.routes).every((route) => route.startsWith('/'))).toBe(true);
    expect(JSON.stringify(index)).not.toMatch(/HEAD|OPTIONS/);
  });

  test('answers at /wp-json too, to anonymous callers; a bad token is refused there as everywhere (as by the JWT plugin)', async () => {
    expect((await s.get('/wp-json')).status).toBe(200);
    expect((await s.get('/wp-json/', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(403);
  });
});
