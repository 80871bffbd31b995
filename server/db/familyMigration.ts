/**
 * The families' tables (contract/family.ts): one-time sign-in links and sessions of parents, each
 * family's settings for the summary mail, the owners' summary frequency, and erasure requests.
 * Every rule that must hold across instances is a key or a unique index here, never memory.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from './connection';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createFamilyTables(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const autoId = (table: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(table).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // Only the SHA-256 of a link's secret; using it sets used_at in the statement that checks it.
  await autoId('family_sign_in_links')
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('family_sign_in_links_created_idx').on('family_sign_in_links').column('created_at').execute();

  // Read on every request of a parent: ending a session ends it on every instance.
  await db.schema
    .createTable('family_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('family_sessions_expires_idx').on('family_sessions').column('expires_at').execute();

  // A family is one owner's children with one parent e-mail (lower case).
  await db.schema
    .createTable('family_settings')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('subscribed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unsubscribe_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('last_summary_period', 'varchar(20)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('family_settings_pk', ['owner_id', 'parent_email'])
    .execute();
  await db.schema.createIndex('family_settings_email_idx').on('family_settings').column('parent_email').execute();

  // Every summary mail's own unsubscribe link (only its hash), so that last month's mail still
  // unsubscribes after this month's went; forgotten after UNSUBSCRIBE_LINK_DAYS.
  await db.schema
    .createTable('family_unsubscribe_links')
    .addColumn('secret_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('parent_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addForeignKeyConstraint('family_unsubscribe_links_family_fk', ['owner_id', 'parent_email'], 'family_settings', ['owner_id', 'parent_email'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('family_unsubscribe_links_created_idx').on('family_unsubscribe_links').column('created_at').execute();

  await db.schema
    .createTable('family_owner_settings')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('frequency', 'varchar(10)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await autoId('family_erasure_requests')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(30)')
    .execute();
  // One waiting request per child: asking twice at once (two instances) records it once.
  await sql`create unique index family_erasure_requests_waiting_uq on family_erasure_requests (student_id) where resolved_at is null`.execute(db);
}
