import { loadConfig } from '../../config';
import { startTestServer } from '../harness';
import { loggedUrl, redactUrl } from '../../http/logging';

test('secret query parameters are replaced in logged URLs', () => {
  expect(redactUrl('/wp-json/jwt-auth/v1/token?username=dana&password=hunter2')).toBe('/wp-json/jwt-auth/v1/token?username=dana&password=%5BREDACTED%5D');
  expect(redactUrl('/x?AUTH_KEY=abc&token=t')).not.toMatch(/abc|=t(&|$)/);
  expect(redactUrl('/plain/path')).toBe('/plain/path');
});

test("the app's page routes are logged without their user names; API, content and files in full", () => {
  expect(loggedUrl('/model_building_instructions/mia/PlayMachines1/Catapult')).toBe('/model_building_instructions/…');
  expect(loggedUrl('/students_list/Dana?x=1')).toBe('/students_list/…');
  expect(loggedUrl('/admin/sign_up_new_franchise/dana')).toBe('/admin/…');
  expect(loggedUrl('/select_model')).toBe('/select_model');
  expect(loggedUrl('/wp-json/wp/v2/pages/12?password=p')).toBe('/wp-json/wp/v2/pages/12?password=%5BREDACTED%5D');
  expect(loggedUrl('/progrmas/PlayMachines1/Catapult/1.png')).toBe('/progrmas/PlayMachines1/Catapult/1.png');
  expect(loggedUrl('/assets/main.0123abcd.js')).toBe('/assets/main.0123abcd.js');
});

test('one log line per request: method, URL, status and duration; no names, contacts or secrets', async () => {
  const s = await startTestServer({ dialect: 'sqlite' });
  try {
    const from = s.logs.length;
    await s.get('/wp-json/wp/v2/pages?parent=130&per_page=100');
    await s.get('/model_building_instructions/mia/PlayMachines1/Catapult');
    const lines = s.logs.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', url: '/wp-json/wp/v2/pages?parent=130&per_page=100', status: 200, ms: expect.any(Number) }),
      expect.objectContaining({ level: 30, method: 'GET', url: '/model_building_instructions/…', status: 200 }),
    ]);

    const mark = s.logs.length;
    const token = await s.login('dana', 'demo-owner-2026');
    const created = await s.post('/wp-json/wl/v1/create_student', { AUTH_KEY: 'test-auth-key-0123456789', ParentName: 'Pat Parent', StudentFirstName: 'Zoltan', StudentLastName: 'Kid', ParentEmail: 'pat@parent.test', Phone: '5550100', Program: 'Play Machines 1', LessonStartDate: '2026-01-01', LessonEndDate: '2026-02-01', NumberOfLessons: 4 }, { token });
    expect(created.status).toBe(200);
    const logged = s.logs.slice(mark).join('');
    for (const personal of ['Zoltan', 'pat@parent.test', 'Pat Parent', '5550100']) expect({ personal, found: logged.includes(personal) }).toEqual({ personal, found: false });
  } finally {
    await s.close();
  }
}, 30_000);

test('LOG_LEVEL: warnings and errors only in the demo by default, info otherwise, or as set', () => {
  const dir = '/nonexistent-data-dir';
  const env = { JWT_SECRET: 'j'.repeat(20), AUTH_KEY: 'k'.repeat(20), DATA_DIR: dir };
  expect(loadConfig(env, ['--demo']).logLevel).toBe('warn');
  expect(loadConfig({ ...env, PORTAL_DEMO: '0' }, []).logLevel).toBe('info');
  expect(loadConfig({ ...env, LOG_LEVEL: 'debug' }, ['--demo']).logLevel).toBe('debug');
  expect(() => loadConfig({ ...env, LOG_LEVEL: 'loud' }, [])).toThrow(/LOG_LEVEL/);
});
