/**
 * The backend's layers (eslint.config.mjs, serverZones) hold: ESLint, run with the project's own
 * configuration on small files placed in server/, refuses each import that goes up a layer with its
 * zone's message, and lets an import that goes down pass. One ESLint process lints them all.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

interface Probe {
  /** Where the file would be, relative to the repository. */
  file: string;
  source: string;
}

/** Lints each probe's text as if it were that file; answers the messages of import-x/no-restricted-paths per probe. */
function zoneMessages(probes: readonly Probe[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const probes = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const probe of probes) {
      const [result] = await eslint.lintText(probe.source, { filePath: probe.file });
      out.push(result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[][];
}

test('an import up a layer of server/ fails lint with its zone message; one down passes', () => {
  const [domainToHttp, domainToRoutes, mediaToDomain, rosterToDomain, dbToDomain, domainToDb] = zoneMessages([
    { file: 'server/domain/zoneProbe.ts', source: "import { sendJson } from '../http/reply';\nexport const probe = sendJson;\n" },
    { file: 'server/domain/zoneProbe.ts', source: "import { studioRoutes } from '../routes/studio';\nexport const probe = studioRoutes;\n" },
    { file: 'server/media/zoneProbe.ts', source: "import { isAdmin } from '../domain/context';\nexport const probe = isAdmin;\n" },
    { file: 'server/roster/zoneProbe.ts', source: "import { childKey } from '../domain/families';\nexport const probe = childKey;\n" },
    { file: 'server/db/zoneProbe.ts', source: "import { isAdmin } from '../domain/context';\nexport const probe = isAdmin;\n" },
    { file: 'server/domain/zoneProbe.ts', source: "import { findPage } from '../db/queries';\nexport const probe = findPage;\n" },
  ]);
  const domainMessage = expect.stringContaining('domain/ knows nothing of HTTP');
  expect(domainToHttp).toEqual([domainMessage]);
  expect(domainToRoutes).toEqual([domainMessage]);
  expect(mediaToDomain).toEqual([expect.stringContaining('sit below domain/')]);
  expect(rosterToDomain).toEqual([expect.stringContaining('sit below domain/')]);
  expect(dbToDomain).toEqual([expect.stringContaining('db/ imports nothing above it')]);
  expect(domainToDb).toEqual([]);
});
