/** Opens the database: the embedded SQLite file (WAL, fully synchronous commits) or PostgreSQL. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import { Pool, types } from 'pg';
import { ListeningChangeVersions, readEachTime, type ChangeVersions } from './changeVersions';
import { resilientPool } from './resilience';
import type { Database } from './schema';
import type { DbPoolConfig } from '../config';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema it works in, when not the default one. */
  schema?: string;
  changeVersions: ChangeVersions;
  close(): Promise<void>;
}

export type DbTarget =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      url: string;
      /** schema to work in (tests use a fresh one each) */
      schema?: string;
      pool?: Partial<DbPoolConfig>;
      /** Names the connections in pg_stat_activity. */
      applicationName?: string;
      /** Told of each connection the database or the network ended (the pool replaces it). */
      onConnectionError?: (err: Error) => void;
    };

export const DEFAULT_POOL: DbPoolConfig = { max: 10, statementTimeoutMs: 30_000, idleTimeoutMs: 30_000, connectTimeoutMs: 5000 };

// COUNT(*) and BIGINT come back from pg as strings; the values here stay far below 2^53.
types.setTypeParser(types.builtins.INT8, (v) => Number(v));

/** Statements kept prepared: kysely asks better-sqlite3 to prepare every query anew, a tenth of a simple read's time. */
const PREPARED_STATEMENTS = 300;

function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const prepared = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      prepared.clear();
      sqlite.close();
    },
    prepare(sqlText: string) {
      let statement = prepared.get(sqlText);
      if (statement) {
        prepared.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (prepared.size >= PREPARED_STATEMENTS) prepared.delete(prepared.keys().next().value!);
      }
      prepared.set(sqlText, statement);
      return statement;
    },
  };
}

export function openDb(target: DbTarget): Db {
  if (target.kind === 'sqlite') {
    mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SqliteDatabase(target.file);
    sqlite.pragma('journal_mode = WAL');
    // FULL: a commit is on disk before the write is acknowledged, even across a power cut.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { kysely, dialect: 'sqlite', changeVersions: readEachTime(kysely), close: () => kysely.destroy() };
  }
  const settings = { ...DEFAULT_POOL, ...target.pool };
  const applicationName = target.applicationName ?? 'youngengineer-portal';
  const pool = new Pool({
    connectionString: target.url,
    max: settings.max,
    idleTimeoutMillis: settings.idleTimeoutMs,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    application_name: applicationName,
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  const onConnectionError = target.onConnectionError ?? (() => undefined);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: resilientPool(pool, onConnectionError) }) });
  const changeVersions = new ListeningChangeVersions(
    kysely,
    { connectionString: target.url, connectionTimeoutMillis: settings.connectTimeoutMs, application_name: `${applicationName} (listen)` },
    onConnectionError,
  );
  return {
    kysely,
    dialect: 'postgres',
    ...(target.schema ? { schema: target.schema } : {}),
    changeVersions,
    close: async () => {
      await changeVersions.close();
      await kysely.destroy();
    },
  };
}
