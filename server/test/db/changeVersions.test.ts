/**
 * The change versions that content answers are cached on, as two instances on one database see
 * them (db/changeVersions.ts): a write through one instance is seen by the other at once, and a
 * remembered version never outlives the connection that hears of changes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Client } from 'pg';
import type { Db } from '../../db/connection';
import { PG_URL, announcedWithin, describeEachDb, eventually, openTestDb, migrateTestDb } from '../harness';

describeEachDb('change versions across instances', (dialect) => {
  let first: Db;
  let second: Db;
  let drop: () => Promise<void>;

  /** A content write as the studio makes one (the trigger bumps the version in its transaction). */
  const writeContent = (db: Db) => sql`update pages set menu_order = menu_order + 0`.execute(db.kysely);
  /** Sets the counter behind the triggers' back: only a read of the table sees it. */
  const setSilently = (db: Db, version: number) => db.kysely.updateTable('change_versions').set({ version }).where('name', '=', 'content').execute();
  const listening = (db: Db) => db.changeVersions.mode === 'notified';

  beforeEach(async () => {
    const opened = await openTestDb(dialect, mkdtempSync(path.join(tmpdir(), 'change-versions-')));
    first = opened.db;
    drop = opened.drop;
    await migrateTestDb(first, dialect);
    // A page, so that the SQLite row triggers fire too.
    await first.kysely
      .insertInto('pages')
      .values({ id: 1, parent: 0, slug: 'p', title: 'P', status: 'publish', menu_order: 0, content: '', excerpt: '', date: '2026-01-01T00:00:00Z', modified: '2026-01-01T00:00:00Z', meta_json: '{}', fields_json: '{}' })
      .execute();
    second = opened.reopen();
  });

  afterEach(async () => {
    await first.close();
    await second.close();
    await drop();
  });

  test('a content write through one instance is the other instance’s version at once', async () => {
    const before = await second.changeVersions.current('content');
    if (dialect === 'postgres') await eventually(async () => listening(second), 'the second instance listens');
    await writeContent(first);
    await eventually(async () => (await second.changeVersions.current('content')) > before, 'the write is seen', announcedWithin(dialect));
    const after = await second.changeVersions.current('content');
    await writeContent(first);
    await eventually(async () => (await second.changeVersions.current('content')) === after + 1, 'the second write is seen', announcedWithin(dialect));
  });

  if (dialect === 'sqlite') {
    test('SQLite reads the counter each time', async () => {
      await setSilently(first, 41);
      expect(await second.changeVersions.current('content')).toBe(41);
    });
    return;
  }

  test('PostgreSQL remembers the version while it listens, and an administrator’s read (fresh) goes to the database', async () => {
    const remembered = await second.changeVersions.current('content');
    await eventually(async () => listening(second), 'the second instance listens');
    expect(await second.changeVersions.current('content')).toBe(remembered);
    await setSilently(first, remembered + 100);
    expect(await second.changeVersions.current('content')).toBe(remembered);
    expect(await second.changeVersions.current('content', { fresh: true })).toBe(remembered + 100);
  });

  test('PostgreSQL: while the listening connection is gone, every read goes to the database, and it listens again', async () => {
    await second.changeVersions.current('content');
    await eventually(async () => listening(second), 'the second instance listens');
    const admin = new Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const killed = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`${second.schema} (listen)`]);
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await eventually(async () => !listening(second), 'the loss is noticed');
    await setSilently(first, 500);
    expect(await second.changeVersions.current('content')).toBe(500);
    await eventually(async () => listening(second), 'the second instance listens again', 5000);
    await setSilently(first, 600);
    expect(await second.changeVersions.current('content')).toBe(600);
    await writeContent(first);
    await eventually(async () => (await second.changeVersions.current('content')) === 601, 'a write after the reconnection is seen', 1000);
  });
});
