/**
 * Finding pg_dump and pg_restore: the newest one installed is used; none, or one older than the
 * server, is refused with one sentence that names what to install (Debian's folders stood in for by
 * a temporary folder with small scripts answering --version).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from '../../backup/manifest';
import { findPgTool } from '../../backup/postgresTools';
import { tempDirEachTest } from '../tempDir';

describe('pg_dump and pg_restore are found, or their absence is told', () => {
  const dir = tempDirEachTest('portal-pgtools-');
  const install = (version: string, name = 'pg_dump') => {
    const bin = path.join(dir(), version.split('.')[0]!, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${name} (PostgreSQL) ${version}"\n`);
    chmodSync(path.join(bin, name), 0o755);
  };
  const places = () => ({ debianRoot: dir(), onPath: 'pg_dump-that-is-not-installed' });

  test('none installed: a refusal that names the client package for the server version', async () => {
    const refusal = findPgTool('pg_dump', 16, places());
    await expect(refusal).rejects.toThrow(BackupError);
    await expect(refusal).rejects.toThrow(/^pg_dump was not found \(looked in .* and on PATH\)\. Install PostgreSQL's client tools of version 16 or newer \(Debian\/Ubuntu: apt-get install postgresql-client-16/);
  });

  test('the newest installed is used; one older than the server is refused', async () => {
    install('13.9');
    install('15.4');
    expect(await findPgTool('pg_dump', 15, places())).toEqual({ path: path.join(dir(), '15', 'bin', 'pg_dump'), version: '15.4', major: 15 });
    await expect(findPgTool('pg_dump', 17, places())).rejects.toThrow(/^pg_dump 15\.4 \(.*\) is older than the PostgreSQL server \(version 17\): install postgresql-client-17 or newer/);
  });
});
