/**
 * The database's part of a backup: a consistent copy of a database the portal keeps writing to
 * (SQLite's online backup API; pg_dump of one exported snapshot), with its row counts taken from the
 * same moment; and the way back into an empty database.
 */
import { existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Client } from 'pg';
import { BackupError } from './manifest';
import { findPgTool, pgDump, pgRestore } from './postgresTools';

export interface DatabaseCopy {
  /** The copy, in the work folder. */
  file: string;
  tool: string;
  serverVersion: string;
  migrations: string[];
  rows: Record<string, number>;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function sqliteFacts(file: string): { rows: Record<string, number>; migrations: string[] } {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
    const rows: Record<string, number> = {};
    for (const { name } of tables) rows[name] = (db.prepare(`select count(*) as n from ${quoteIdent(name)}`).get() as { n: number }).n;
    const migrations = tables.some((t) => t.name === 'kysely_migration')
      ? (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name)
      : [];
    return { rows, migrations };
  } finally {
    db.close();
  }
}

/**
 * A copy of the embedded database while the portal runs. All pages are copied in one step of the
 * backup API, inside one read transaction: with the write-ahead log the portal's writes go on
 * meanwhile, and the copy is the database as it was at one moment.
 */
export async function copySqlite(sqliteFile: string, workDir: string): Promise<DatabaseCopy> {
  if (!existsSync(sqliteFile)) throw new BackupError(`There is no database at ${sqliteFile}: check DATA_DIR (or set DATABASE_URL for PostgreSQL).`);
  const file = path.join(workDir, 'portal.sqlite');
  const source = new SqliteDatabase(sqliteFile, { fileMustExist: true });
  let version: string;
  try {
    source.pragma('busy_timeout = 5000');
    version = (source.prepare('select sqlite_version() as v').get() as { v: string }).v;
    await source.backup(file, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const facts = sqliteFacts(file);
  return { file, tool: 'SQLite online backup', serverVersion: `SQLite ${version}`, ...facts };
}

async function pgFacts(client: Client): Promise<{ rows: Record<string, number>; migrations: string[] }> {
  const tables = (
    await client.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name")
  ).rows;
  const rows: Record<string, number> = {};
  for (const { name } of tables) rows[name] = Number((await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(name)}`)).rows[0]?.n ?? 0);
  const migrations = tables.some((t) => t.name === 'kysely_migration') ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name) : [];
  return { rows, migrations };
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'youngengineer-backup' });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the PostgreSQL database of DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const serverMajor = async (client: Client): Promise<{ major: number; version: string }> => {
  const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '';
  const num = Number((await client.query<{ n: string }>("select current_setting('server_version_num') as n")).rows[0]?.n ?? 0);
  return { major: Math.floor(num / 10000), version };
};

/**
 * pg_dump of the database while the portal runs. A read-only repeatable-read transaction exports
 * its snapshot; the rows are counted in it and pg_dump dumps that same snapshot.
 */
export async function dumpPostgres(url: string, workDir: string): Promise<DatabaseCopy> {
  return withClient(url, async (client) => {
    const server = await serverMajor(client);
    const tool = await findPgTool('pg_dump', server.major);
    const file = path.join(workDir, 'portal.pgdump');
    await client.query('begin isolation level repeatable read read only');
    try {
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id ?? '';
      const facts = await pgFacts(client);
      await pgDump(tool, url, snapshot, file);
      return { file, tool: `pg_dump ${tool.version} (custom format)`, serverVersion: `PostgreSQL ${server.version}`, ...facts };
    } finally {
      await client.query('rollback').catch(() => undefined);
    }
  });
}

/** pg_restore committed, but the database does not hold what the backup says: the operator must drop it. */
export class RestoredDatabaseDiffers extends BackupError {}

const differences = (expected: Record<string, number>, found: Record<string, number>): string[] =>
  [...new Set([...Object.keys(expected), ...Object.keys(found)])].filter((t) => expected[t] !== found[t]).map((t) => `${t}: ${expected[t] ?? 'none'} in the backup, ${found[t] ?? 'none'} restored`);

/** Tables in the target: none means the database is empty and may be restored into. */
export async function sqliteTables(sqliteFile: string): Promise<number> {
  if (!existsSync(sqliteFile) || (await stat(sqliteFile)).size === 0) return 0;
  const db = new SqliteDatabase(sqliteFile, { fileMustExist: true });
  try {
    return (db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export async function postgresTables(url: string): Promise<number> {
  return withClient(url, async (client) => Number((await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")).rows[0]?.n ?? 0));
}

/** Puts the restored copy in place of an empty database file; the copy is checked before it replaces anything. */
export async function restoreSqlite(copy: string, sqliteFile: string, rows: Record<string, number>): Promise<void> {
  const db = new SqliteDatabase(copy, { fileMustExist: true });
  try {
    const check = (db.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check;
    if (check !== 'ok') throw new BackupError(`The database in the backup is damaged (SQLite integrity check: ${check}).`);
  } finally {
    db.close();
  }
  const wrong = differences(rows, sqliteFacts(copy).rows);
  if (wrong.length > 0) throw new BackupError(`The database in the backup does not hold what its manifest says (${wrong.join('; ')}).`);
  if ((await sqliteTables(sqliteFile)) > 0) throw new BackupError(`${sqliteFile} was written to during the restore: nothing was restored.`);
  // An empty database file left by an earlier start, and its journal, would be mixed with the copy.
  for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${sqliteFile}${suffix}`, { force: true });
  await rename(copy, sqliteFile);
}

/** pg_restore in one transaction, then the row counts compared with the backup's. */
export async function restorePostgres(dump: string, url: string, rows: Record<string, number>): Promise<void> {
  const major = await withClient(url, serverMajor);
  const tool = await findPgTool('pg_restore', major.major);
  await pgRestore(tool, url, dump);
  const wrong = differences(rows, await withClient(url, async (client) => (await pgFacts(client)).rows));
  if (wrong.length > 0) {
    throw new RestoredDatabaseDiffers(`pg_restore finished but the database does not hold what the backup's manifest says (${wrong.join('; ')}). Do not use this database: drop it, create it empty and restore again.`);
  }
}
