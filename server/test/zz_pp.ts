import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, DEMO } from '/work/main/server/test/harness';
async function main() {
  const s = await startTestServer({ dialect: 'sqlite' });
  const token = await s.login('dana', DEMO.dana.password);
  const list = (await s.get('/wp-json/wp/v2/pages?parent=167&per_page=100', { token })).body as { id: number; title: { rendered: string } }[];
  const id = list.find((p) => p.title.rendered === 'Lawn Mower')!.id;
  for (let i = 0; i < 200; i++) await s.get(`/wp-json/wp/v2/pages/${id}`, { token });
  const t0 = performance.now();
  for (let i = 0; i < 1000; i++) await s.get(`/wp-json/wp/v2/pages/${id}`, { token });
  console.log('per request ms', (performance.now() - t0) / 1000);
  await s.close();
}
main();
