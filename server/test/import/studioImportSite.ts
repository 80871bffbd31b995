/**
 * What the studio's import tests share: a portal backend (the demo data, imports allowed to reach
 * loopback) and a fake WordPress site, the administrator and Mia signed in, and an import started
 * from the studio and waited for until it ends.
 */
import { STUDIO_PATHS, type StudioImportJob } from '../../../contract';
import { DEMO, startTestServer, type DialectName, type TestServer } from '../harness';
import { FakeWordPress, seedFake } from './fakeWordPress';

export function studioImportSite(dialect: DialectName) {
  const wp = new FakeWordPress();
  const tokens = { admin: '', mia: '' };
  let s: TestServer | undefined;
  beforeAll(async () => {
    await wp.start();
    await seedFake(wp);
    s = await startTestServer({ dialect, env: { IMPORT_ALLOW_ADDRESSES: 'loopback' } });
    tokens.admin = await s.login(DEMO.admin.username, DEMO.admin.password);
    tokens.mia = await s.login(DEMO.mia.username, DEMO.mia.password);
  });
  afterAll(async () => {
    await s?.close();
    await wp.stop();
  });

  const server = (): TestServer => {
    if (!s) throw new Error('the import test server has not started');
    return s;
  };
  const admin = () => ({ token: tokens.admin });
  const row = (id: number) => server().db.kysely.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();

  /** Starts an import from the studio (of the chosen programs, or the whole site) and waits for its end. */
  async function importFromStudio(programs?: number[]): Promise<StudioImportJob> {
    const started = await server().post(STUDIO_PATHS.imports, { url: wp.origin, ...(programs ? { programs } : {}) }, admin());
    expect(started.status).toBe(202);
    let job = started.body as StudioImportJob;
    for (let i = 0; i < 400 && (job.status === 'queued' || job.status === 'running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await server().get(STUDIO_PATHS.importJob(job.id), admin())).body as StudioImportJob;
    }
    expect(job.status).toBe('finished');
    return job;
  }

  return { wp, tokens, server, admin, row, importFromStudio };
}
