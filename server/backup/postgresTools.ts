/**
 * pg_dump and pg_restore, PostgreSQL's own tools for a consistent copy of a running database. They
 * come with the PostgreSQL client package (Debian: /usr/lib/postgresql/<version>/bin, or on PATH);
 * the newest one found is used, and it must be at least the server's major version.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { BackupError } from './manifest';

const DEBIAN_ROOT = '/usr/lib/postgresql';

export interface PgTool {
  path: string;
  version: string;
  major: number;
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(env ? { env } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-20_000)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function debianCandidates(root: string, name: string): Promise<string[]> {
  const versions = await readdir(root).catch(() => [] as string[]);
  return versions
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => `${root}/${v}/bin/${name}`);
}

/** Where the tools are looked for: Debian's folders, then the command's name on PATH. */
export interface PgToolPlaces {
  debianRoot: string;
  onPath: string | null;
}

/** The newest pg_dump or pg_restore installed, or a clear refusal naming what to install. */
export async function findPgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number, places: PgToolPlaces = { debianRoot: DEBIAN_ROOT, onPath: name }): Promise<PgTool> {
  const found: PgTool[] = [];
  for (const candidate of [...(await debianCandidates(places.debianRoot, name)), ...(places.onPath ? [places.onPath] : [])]) {
    try {
      const { code, stdout } = await run(candidate, ['--version']);
      const match = /(\d+)(?:\.(\d+))?/.exec(stdout);
      if (code === 0 && match) found.push({ path: candidate, version: match[0], major: Number(match[1]) });
    } catch {
      // not installed there
    }
  }
  found.sort((a, b) => b.major - a.major);
  const best = found[0];
  if (!best) {
    throw new BackupError(
      `${name} was not found (looked in ${DEBIAN_ROOT}/*/bin and on PATH). Install PostgreSQL's client tools of version ${serverMajor} or newer (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}, or postgresql-client), then run this again.`,
    );
  }
  if (best.major < serverMajor) {
    throw new BackupError(`${name} ${best.version} (${best.path}) is older than the PostgreSQL server (version ${serverMajor}): install postgresql-client-${serverMajor} or newer, then run this again.`);
  }
  return best;
}

/**
 * The connection for a tool: the URL without its password (a command line is visible to every
 * user of the machine), the password in PGPASSWORD.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { dbname: url, env: { ...process.env } };
  }
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // The tools get the operator's environment (PATH, PG* settings, certificates) and the password.
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function runTool(tool: PgTool, args: string[], url: string, what: string): Promise<void> {
  const { dbname, env } = connection(url);
  const ran = await run(tool.path, [...args, `--dbname=${dbname}`], env);
  if (ran.code !== 0) {
    const reason = ran.stderr.trim().split('\n').slice(-3).join(' ').replace(/\s+/g, ' ');
    throw new BackupError(`${what} failed (${tool.path} exited with ${String(ran.code)}): ${reason || 'no message'}`);
  }
}

/** A custom-format dump of the snapshot `snapshot` exported by an open transaction (so that its row counts match the dump). */
export function pgDump(tool: PgTool, url: string, snapshot: string, file: string): Promise<void> {
  return runTool(tool, ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`], url, 'pg_dump');
}

/** Loads a dump in one transaction: either all of it is in the database afterwards, or none of it. */
export function pgRestore(tool: PgTool, url: string, file: string): Promise<void> {
  return runTool(tool, ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file], url, 'pg_restore');
}
