/** INSTANCE_NAME: which instance behind a load balancer answered (docs/deployment.md). */
import { ConfigError, loadConfig } from '../../config';
import { PATHS, startTestServer } from '../harness';

describe('X-Instance header', () => {
  test('every answer names the instance when INSTANCE_NAME is set, errors and pages included', async () => {
    const s = await startTestServer({ dialect: 'sqlite', env: { INSTANCE_NAME: 'portal-2' } });
    try {
      for (const answer of [await s.get('/wp-json/'), await s.get(PATHS.pages), await s.post(PATHS.students, {}), await s.get('/no/such/page')]) {
        expect(answer.headers.get('x-instance')).toBe('portal-2');
      }
    } finally {
      await s.close();
    }
  });

  test('no header without INSTANCE_NAME', async () => {
    const s = await startTestServer({ dialect: 'sqlite' });
    try {
      expect((await s.get('/wp-json/')).headers.has('x-instance')).toBe(false);
    } finally {
      await s.close();
    }
  });

  test('a name that is not a plain token is refused at start', () => {
    const env = { JWT_SECRET: 'j'.repeat(40), AUTH_KEY: 'k'.repeat(20), DATABASE_URL: 'postgres://x/y', PUBLIC_URL: 'https://portal.example' };
    expect(() => loadConfig({ ...env, INSTANCE_NAME: 'a\r\nSet-Cookie: x' })).toThrow(ConfigError);
    expect(loadConfig({ ...env, INSTANCE_NAME: ' web-1 ' }).instanceName).toBe('web-1');
  });
});
