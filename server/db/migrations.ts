/** The one set of migrations, for SQLite and PostgreSQL alike. */
import { Migrator, sql, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { CHANGE_CHANNEL } from './changeVersions';
import type { Db, DialectName } from './connection';
import { createFamilyTables } from './familyMigration';

type ColumnType = 'text' | 'integer' | 'real' | `varchar(${number})`;

/** Adds NOT NULL columns without defaults, in the order given (most of the schema's columns). */
function required<T extends string, C extends string>(table: CreateTableBuilder<T, C>, columns: Record<string, ColumnType>): CreateTableBuilder<T, string> {
  let built: CreateTableBuilder<T, string> = table;
  for (const [name, type] of Object.entries(columns)) built = built.addColumn(name, type, (c) => c.notNull());
  return built;
}

/** The user_id column of a table whose rows belong to a user (and go with the user). */
function ownedByUser<T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, string> {
  return table.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
}

function migrations(dialect: DialectName): Record<string, Migration> {
  // Kysely<any> is what a migration works on: the schema it builds is not yet the typed one.
  type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const autoId = (db: AnyDb, table: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(table).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    '001_initial': {
      async up(db: AnyDb) {
        await required(
          autoId(db, 'users')
            .addColumn('username', 'varchar(60)', (c) => c.notNull().unique())
            .addColumn('email', 'varchar(254)', (c) => c.notNull().unique()),
          {
            password_hash: 'text',
            display_name: 'varchar(250)',
            nicename: 'varchar(60)',
            first_name: 'varchar(100)',
            last_name: 'varchar(100)',
            role: 'varchar(20)',
          },
        )
          .addColumn('country', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('state', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('territory', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('teacher_id', 'integer', (c) => c.references('users.id'))
          .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('users_teacher_idx').on('users').column('teacher_id').execute();
        await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

        await required(
          db.schema
            .createTable('students')
            .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
            .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id')),
          {
            student_first_name: 'varchar(100)',
            student_last_name: 'varchar(100)',
            parent_name: 'varchar(100)',
            parent_email: 'varchar(254)',
            phone: 'varchar(40)',
            program: 'varchar(100)',
            lessons_start_date: 'varchar(10)',
            lessons_end_date: 'varchar(10)',
            number_of_lessons: 'integer',
            created_at: 'varchar(30)',
          },
        ).execute();
        await db.schema.createIndex('students_teacher_idx').on('students').column('teacher_id').execute();

        await required(
          required(
            db.schema
              .createTable('pages')
              .addColumn('id', 'integer', (c) => c.primaryKey())
              .addColumn('parent', 'integer', (c) => c.notNull().defaultTo(0)),
            { title: 'text', slug: 'varchar(200)', status: 'varchar(20)' },
          ).addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0)),
          { content: 'text', excerpt: 'text', date: 'varchar(30)', modified: 'varchar(30)', meta_json: 'text', fields_json: 'text' },
        ).execute();
        await db.schema.createIndex('pages_parent_idx').on('pages').column('parent').execute();

        await required(ownedByUser(db.schema.createTable('unlocks')), { page_id: 'integer', created_at: 'varchar(30)' })
          .addPrimaryKeyConstraint('unlocks_pk', ['user_id', 'page_id'])
          .execute();

        await required(ownedByUser(autoId(db, 'unlock_failures')), { page_id: 'integer', created_at: 'varchar(30)' }).execute();
        await db.schema.createIndex('unlock_failures_user_idx').on('unlock_failures').columns(['user_id', 'created_at']).execute();

        await required(ownedByUser(db.schema.createTable('user_meta')), { meta_key: 'varchar(100)', meta_value: 'text' })
          .addPrimaryKeyConstraint('user_meta_pk', ['user_id', 'meta_key'])
          .execute();
      },
    },
    '002_password_changed_at': {
      async up(db: AnyDb) {
        await db.schema.alterTable('users').addColumn('password_changed_at', 'varchar(30)', (c) => c.notNull().defaultTo('')).execute();
      },
    },
    '2026_11_23_shared_state_and_mail_outbox': {
      async up(db: AnyDb) {
        // Rate limits counted per (limit, hashed key, fixed window), shared by every instance.
        await db.schema
          .createTable('rate_limit_counters')
          .addColumn('limit_name', 'varchar(40)', (c) => c.notNull())
          .addColumn('limit_key', 'varchar(64)', (c) => c.notNull())
          .addColumn('window_start', 'bigint', (c) => c.notNull())
          .addColumn('hits', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('rate_limit_counters_pk', ['limit_name', 'limit_key', 'window_start'])
          .execute();
        await db.schema.createIndex('rate_limit_counters_expires_idx').on('rate_limit_counters').column('expires_at').execute();

        // Bumped by a trigger in the transaction of every write to students: caches key on it.
        await db.schema
          .createTable('change_versions')
          .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
          .addColumn('version', 'bigint', (c) => c.notNull())
          .execute();
        await addChangeVersion(db, dialect, 'students', 'students', 'students_version');

        await required(autoId(db, 'mail_outbox'), {
          to_address: 'varchar(254)',
          subject: 'text',
          body: 'text',
          status: 'varchar(10)',
          attempts: 'integer',
          created_at: 'varchar(30)',
        })
          .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
          .addColumn('sent_at', 'varchar(30)')
          .addColumn('last_error', 'varchar(100)')
          .execute();
        await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
      },
    },
    '2026_11_24_studio_drafts': {
      async up(db: AnyDb) {
        // The content studio's unpublished edit of a published page (null: none).
        await db.schema.alterTable('pages').addColumn('draft_json', 'text').execute();
        // Bumped in the transaction of every write to pages, as 'students' is for the roster.
        await addChangeVersion(db, dialect, 'content', 'pages', 'pages_content_version');
      },
    },
    '2026_11_25_import_jobs': {
      async up(db: AnyDb) {
        // Which portal page each imported WordPress page became, and the hash of what was written.
        await required(db.schema.createTable('import_sources'), { site: 'varchar(300)', source_id: 'integer', page_id: 'integer', content_hash: 'varchar(64)' })
          .addPrimaryKeyConstraint('import_sources_pk', ['site', 'source_id'])
          .execute();
        // Every downloaded media file: where it went and the hash (and ETag) of the bytes the site sent.
        await required(db.schema.createTable('import_media').addColumn('source_url', 'varchar(2000)', (c) => c.primaryKey()), {
          path: 'varchar(2000)',
          sha256: 'varchar(64)',
          etag: 'varchar(300)',
        }).execute();
        // One row per import; `active` is 'import' while it runs (a unique index: one import at a time).
        await required(autoId(db, 'import_jobs'), { url: 'varchar(2000)', status: 'varchar(10)', progress: 'real', step: 'text', summary_json: 'text', started_at: 'varchar(30)' })
          .addColumn('finished_at', 'varchar(30)')
          .addColumn('instance', 'varchar(100)', (c) => c.notNull())
          .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
          .addColumn('active', 'varchar(10)', (c) => c.unique())
          .execute();
      },
    },
    '2026_11_26_audit_log': {
      async up(db: AnyDb) {
        await required(autoId(db, 'audit_log'), {
          at: 'varchar(30)',
          actor_role: 'varchar(30)',
          action: 'varchar(60)',
          subject_type: 'varchar(20)',
          subject_id: 'integer',
          before_json: 'text',
          after_json: 'text',
        })
          .addColumn('actor_id', 'integer')
          .addColumn('owner_id', 'integer')
          .execute();
        await db.schema.createIndex('audit_log_subject_idx').on('audit_log').columns(['subject_type', 'subject_id']).execute();
        await db.schema.createIndex('audit_log_owner_idx').on('audit_log').columns(['owner_id', 'at']).execute();
        await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
      },
    },
    '2026_11_27_student_sign_in_status': {
      async up(db: AnyDb) {
        // When an ended student's sign-in was disabled (null: enabled); tokens are refused while it is set.
        await db.schema.alterTable('users').addColumn('sign_in_disabled_at', 'varchar(30)').execute();
        // When the account's sessions were last ended ('' never): tokens issued before it stay refused after a re-activation.
        await db.schema.alterTable('users').addColumn('sessions_ended_at', 'varchar(30)', (c) => c.notNull().defaultTo('')).execute();
      },
    },
    '2026_11_28_credentials': {
      async up(db: AnyDb) {
        // A reset's new password waits here until it is first used: the old one keeps working till then.
        await db.schema.alterTable('users').addColumn('pending_password_hash', 'varchar(255)').execute();
        await db.schema.alterTable('users').addColumn('pending_password_at', 'varchar(30)').execute();
        await db.schema.alterTable('users').addColumn('last_sign_in_at', 'varchar(30)').execute();
        // Browsers that signed in to an account before (a random id in a cookie, stored hashed).
        await db.schema
          .createTable('known_sign_in_places')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('place_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('last_sign_in_at', 'varchar(30)', (c) => c.notNull())
          .addPrimaryKeyConstraint('known_sign_in_places_pk', ['user_id', 'place_hash'])
          .execute();
      },
    },
    '2026_11_30_privacy': {
      async up(db: AnyDb) {
        // Set when the child's data was erased (by request or by the retention job): the row stays, so counts hold.
        await db.schema.alterTable('students').addColumn('erased_at', 'varchar(30)').execute();
        await db.schema.createIndex('students_end_idx').on('students').columns(['lessons_end_date']).execute();
        await required(ownedByUser(autoId(db, 'terms_acceptances')), { version: 'varchar(64)', accepted_at: 'varchar(30)' }).execute();
        await db.schema.createIndex('terms_acceptances_user_idx').on('terms_acceptances').columns(['user_id', 'id']).execute();
      },
    },
    '2026_11_29_student_imports_and_families': {
      async up(db: AnyDb) {
        // Families: one parent e-mail may sign up several children, each a student
        // account whose users.email is that e-mail; other accounts keep their e-mail to themselves.
        if (dialect === 'postgres') {
          await sql`alter table users drop constraint users_email_key`.execute(db);
        } else {
          await rebuildSqliteUsersWithoutEmailUnique(db);
        }
        await sql`create unique index users_email_non_student_uq on users (email) where role <> 'student'`.execute(db);
        await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
        await db.schema.createIndex('students_parent_email_idx').on('students').column('parent_email').execute();

        // A bulk import's preview, kept until confirmed (or expired), so any instance can confirm it.
        await required(autoId(db, 'student_imports'), {
          owner_id: 'integer',
          actor_id: 'integer',
          file_name: 'varchar(300)',
          status: 'varchar(20)',
          rows_json: 'text',
          counts_json: 'text',
          created_at: 'varchar(30)',
        })
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('imported_at', 'varchar(30)')
          .addColumn('imported_count', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('student_imports_owner_idx').on('student_imports').column('owner_id').execute();
        // The imported accounts still waiting for their password and sign-in mail (made in the background).
        await db.schema
          .createTable('student_import_accounts')
          .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('import_id', 'integer', (c) => c.notNull().references('student_imports.id').onDelete('cascade'))
          .addColumn('mailed', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('student_import_accounts_import_idx').on('student_import_accounts').columns(['import_id', 'mailed']).execute();
      },
    },
    '2026_12_01_student_progress': {
      async up(db: AnyDb) {
        // Where each student is in each model they opened: resume on any device, progress for the teacher.
        await required(
          ownedByUser(db.schema.createTable('student_progress')).addColumn('lesson_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade')),
          { program_id: 'integer', tab_id: 'varchar(100)', tab_index: 'integer', tabs: 'integer', step: 'integer', steps: 'integer' },
        )
          .addColumn('finished_at', 'varchar(30)')
          .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
          .addPrimaryKeyConstraint('student_progress_pk', ['user_id', 'lesson_id'])
          .execute();
        await db.schema.createIndex('student_progress_updated_idx').on('student_progress').columns(['updated_at']).execute();
      },
    },
    '2026_12_01_sign_in_cards': {
      async up(db: AnyDb) {
        // A printed card signs its student in on a shared tablet: only the token's SHA-256 is kept.
        await required(autoId(db, 'sign_in_cards'), { token_hash: 'varchar(64)', created_at: 'varchar(30)' })
          .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_by', 'integer')
          .addColumn('voided_at', 'varchar(30)')
          .addColumn('last_used_at', 'varchar(30)')
          .execute();
        await db.schema.createIndex('sign_in_cards_token_uq').on('sign_in_cards').column('token_hash').unique().execute();
        await db.schema.createIndex('sign_in_cards_student_idx').on('sign_in_cards').columns(['student_id', 'id']).execute();
      },
    },
    '2026_12_02_class_now': {
      async up(db: AnyDb) {
        // The live class view: a student's "I'm stuck" (until they move on or are helped), and
        // changed_at, bumped by every write to the row (a step, stuck, helped), which each instance's
        // class-now poller reads: updated_at stays the time of the last move.
        await db.schema.alterTable('student_progress').addColumn('stuck_at', 'varchar(30)').execute();
        await db.schema.alterTable('student_progress').addColumn('changed_at', 'varchar(30)', (c) => c.notNull().defaultTo('')).execute();
        await sql`update student_progress set changed_at = updated_at`.execute(db);
        await db.schema.createIndex('student_progress_changed_idx').on('student_progress').columns(['changed_at']).execute();
      },
    },
    '2026_12_01_problem_reports': {
      async up(db: AnyDb) {
        // A problem report. The picture is stored as bytes in the row: every instance on
        // one PostgreSQL reads it, and it goes with the row (retention, a child's erasure).
        await required(autoId(db, 'problem_reports'), {
          reference: 'varchar(20)',
          role: 'varchar(30)',
          note: 'text',
          log_json: 'text',
          app_version: 'varchar(40)',
          user_agent: 'varchar(500)',
          screen: 'varchar(40)',
          status: 'varchar(20)',
          comment: 'text',
          client_id: 'varchar(64)',
          created_at: 'varchar(30)',
          updated_at: 'varchar(30)',
        })
          // The sender; null once their account is gone (the report stays for QA until it expires).
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('program', 'varchar(100)')
          .addColumn('lesson_id', 'integer')
          .addColumn('error_json', 'text')
          .addColumn('screenshot', dialect === 'postgres' ? 'bytea' : 'blob')
          .addColumn('screenshot_type', 'varchar(20)')
          .execute();
        await db.schema.createIndex('problem_reports_reference_uq').on('problem_reports').column('reference').unique().execute();
        await db.schema.createIndex('problem_reports_client_uq').on('problem_reports').columns(['user_id', 'client_id']).unique().execute();
        await db.schema.createIndex('problem_reports_created_idx').on('problem_reports').column('created_at').execute();
        await db.schema.createIndex('problem_reports_status_idx').on('problem_reports').columns(['status', 'id']).execute();
      },
    },
    '2026_12_03_languages': {
      async up(db: AnyDb) {
        // The user's language, as WordPress keeps it (users/me `locale`: en_US, he_IL, es_ES; '' not chosen).
        // A student's starts as their owner's, so the parent's mails come in the franchise's language.
        await db.schema.alterTable('users').addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('')).execute();
        // A right-to-left mail's HTML part (dir="rtl"), beside its text; scrubbed with the body once sent.
        await db.schema.alterTable('mail_outbox').addColumn('html', 'text').execute();
      },
    },
    '2026_12_04_change_notifications': {
      async up(db: AnyDb) {
        if (dialect !== 'postgres') return;
        // The bump also tells every LISTENing instance (db/changeVersions.ts), at commit.
        for (const name of ['students', 'content']) {
          await sql
            .raw(
              `create or replace function bump_${name}_version() returns trigger language plpgsql as $$
                begin
                  update change_versions set version = version + 1 where name = '${name}';
                  perform pg_notify('${CHANGE_CHANNEL}', '${name}');
                  return null;
                end $$`,
            )
            .execute(db);
        }
      },
    },
    '2026_12_05_card_sessions': {
      async up(db: AnyDb) {
        // A session a sign-in card started belongs to its card: every request reads this row, so voiding
        // the card or a quarter of an hour without a request ends it on every instance at once.
        await autoId(db, 'card_sessions')
          .addColumn('card_id', 'integer', (c) => c.notNull().references('sign_in_cards.id').onDelete('cascade'))
          .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('card_sessions_card_idx').on('card_sessions').column('card_id').execute();
        await db.schema.createIndex('card_sessions_student_idx').on('card_sessions').columns(['student_id', 'last_seen_at']).execute();
      },
    },
    '2026_12_05_slowdowns': {
      async up(db: AnyDb) {
        // After a limit is used up, one attempt per growing delay (next_at, ms): a guesser is slowed
        // instead of everyone being refused for the rest of the window.
        await db.schema
          .createTable('slowdowns')
          .addColumn('limit_name', 'varchar(40)', (c) => c.notNull())
          .addColumn('limit_key', 'varchar(64)', (c) => c.notNull())
          .addColumn('level', 'integer', (c) => c.notNull())
          .addColumn('next_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('slowdowns_pk', ['limit_name', 'limit_key'])
          .execute();
        await db.schema.createIndex('slowdowns_expires_idx').on('slowdowns').column('expires_at').execute();
      },
    },
    '2026_12_05_class_now_streams': {
      async up(db: AnyDb) {
        // The open class-now streams of every instance, so that a user's limit holds across them.
        await required(
          ownedByUser(db.schema.createTable('class_now_streams').addColumn('id', 'varchar(40)', (c) => c.primaryKey())),
          { opened_at: 'varchar(30)', seen_at: 'varchar(30)' },
        ).execute();
        await db.schema.createIndex('class_now_streams_user_idx').on('class_now_streams').columns(['user_id', 'seen_at']).execute();
      },
    },
    '2026_12_06_upload_leases': {
      async up(db: AnyDb) {
        // Who is reading an upload now: one row per key (one import at a time per account), shared
        // by every instance; a row past expires_at is a lease its instance never gave back.
        await db.schema
          .createTable('upload_leases')
          .addColumn('lease_key', 'varchar(80)', (c) => c.primaryKey())
          .addColumn('holder', 'varchar(64)', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '2026_12_07_progress_tabs': {
      async up(db: AnyDb) {
        // Which tabs of a model a student has gone through to the end (one bit per tab), so that
        // opening the last tab no longer counts as finishing the model; and the tab's name for the
        // teacher. Places saved before keep their finished time: which tabs they went through is unknown.
        await db.schema.alterTable('student_progress').addColumn('tabs_done', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('student_progress').addColumn('tab_title', 'varchar(100)', (c) => c.notNull().defaultTo('')).execute();
      },
    },
    '2026_12_08_import_review': {
      async up(db: AnyDb) {
        // An import's pages wait for review: which job last wrote each one, whether its draft still
        // waits (pending), and whether the import made the page (discarding deletes it) or wrote a
        // new draft of a page that was there (discarding drops that draft).
        for (const column of ['job_id', 'pending', 'created_page']) {
          await db.schema.alterTable('import_sources').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
        }
        await db.schema.createIndex('import_sources_job_idx').on('import_sources').columns(['job_id', 'pending']).execute();
      },
    },
    '2026_12_09_page_history_and_trash': {
      async up(db: AnyDb) {
        // Every published state of a studio page (who published it, when, and what it was), so an
        // earlier one can be put back.
        await required(
          autoId(db, 'page_versions').addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade')),
          { at: 'varchar(30)', title: 'text', content: 'text', meta_json: 'text', fields_json: 'text' },
        )
          .addColumn('actor_id', 'integer')
          .addColumn('restored_from', 'integer')
          .execute();
        await db.schema.createIndex('page_versions_page_idx').on('page_versions').columns(['page_id', 'id']).execute();
        // Deleted programs and models (status 'trash' in pages) until restored or purged: one row per
        // page, entry_id naming the page whose deletion took it along (a program takes its models).
        await required(
          db.schema.createTable('page_trash').addColumn('page_id', 'integer', (c) => c.primaryKey().references('pages.id').onDelete('cascade')),
          { entry_id: 'integer', trashed_at: 'varchar(30)', status_before: 'varchar(20)' },
        )
          .addColumn('actor_id', 'integer')
          .execute();
        await db.schema.createIndex('page_trash_entry_idx').on('page_trash').columns(['entry_id', 'trashed_at']).execute();
      },
    },
    '2026_12_09_program_audiences': {
      async up(db: AnyDb) {
        // The administrators' portal-wide choices, one row each (the value as text).
        await db.schema
          .createTable('portal_settings')
          .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
        // A program's audience is its meta `audience`: a program hidden before is now Hidden (its
        // meta `hide` stays, as WordPress's readers know it), in its live page and in its draft.
        const programs = (await db.selectFrom('pages').select(['id', 'meta_json', 'draft_json']).where('parent', '=', PROGRAMS_ROOT_ID).execute()) as { id: number; meta_json: string; draft_json: string | null }[];
        for (const program of programs) {
          const meta = hiddenToAudience(program.meta_json, (m) => m);
          const draft = program.draft_json === null ? null : hiddenToAudience(program.draft_json, (d) => (d.meta ?? {}) as Record<string, unknown>);
          if (meta === null && draft === null) continue;
          await db
            .updateTable('pages')
            .set({ ...(meta !== null ? { meta_json: meta } : {}), ...(draft !== null ? { draft_json: draft } : {}) })
            .where('id', '=', program.id)
            .execute();
        }
      },
    },
    '2026_12_10_classes': {
      async up(db: AnyDb) {
        // A class: an owner's group that meets at a place on fixed weekdays and a time (the place's
        // wall clock, in its time zone) between two dates. archived_at set: archived (kept, listed apart).
        await required(autoId(db, 'classes').addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade')), {
          name: 'varchar(80)',
          // The name as two names are compared (case and spacing aside): unique among an owner's classes not archived.
          name_key: 'varchar(200)',
          program_id: 'integer',
          place: 'varchar(120)',
          weekdays: 'varchar(20)',
          start_time: 'varchar(5)',
          length_minutes: 'integer',
          start_date: 'varchar(10)',
          end_date: 'varchar(10)',
          time_zone: 'varchar(64)',
          created_at: 'varchar(30)',
          updated_at: 'varchar(30)',
        })
          .addColumn('archived_at', 'varchar(30)')
          .execute();
        await db.schema.createIndex('classes_owner_idx').on('classes').columns(['owner_id', 'archived_at']).execute();
        await sql`create unique index classes_owner_name_uq on classes (owner_id, name_key) where archived_at is null`.execute(db);
        // Who was in a class when: leaving (or moving to another class) sets left_at and the row stays;
        // joining again adds a row. One open row per class and student.
        await required(
          autoId(db, 'class_students')
            .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
            .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade')),
          { joined_at: 'varchar(30)' },
        )
          .addColumn('left_at', 'varchar(30)')
          .execute();
        await db.schema.createIndex('class_students_class_idx').on('class_students').columns(['class_id', 'left_at']).execute();
        await db.schema.createIndex('class_students_student_idx').on('class_students').columns(['student_id', 'left_at']).execute();
        await sql`create unique index class_students_open_uq on class_students (class_id, student_id) where left_at is null`.execute(db);
      },
    },
    '2026_12_11_class_meetings': {
      async up(db: AnyDb) {
        // A time a class meets. A regular one comes from the schedule (scheduled_date, and
        // scheduled_start the wall-clock time the schedule gave it); an extra one has neither.
        // starts_at is the place's wall clock, starts_at_utc the same instant (ISO 8601 UTC, sortable).
        // edited_at: the owner moved, cancelled, put back or noted it (kept when the schedule changes).
        await required(
          autoId(db, 'class_meetings')
            .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
            .addColumn('kind', 'varchar(10)', (c) => c.notNull())
            .addColumn('scheduled_date', 'varchar(10)')
            .addColumn('scheduled_start', 'varchar(16)'),
          {
            starts_at: 'varchar(16)',
            starts_at_utc: 'varchar(30)',
            length_minutes: 'integer',
            status: 'varchar(10)',
          },
        )
          .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
          .addColumn('model_id', 'integer')
          .addColumn('attendance_taken_at', 'varchar(30)')
          .addColumn('attendance_taken_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('edited_at', 'varchar(30)')
          .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('class_meetings_utc_idx').on('class_meetings').column('starts_at_utc').execute();
        await db.schema.createIndex('class_meetings_class_idx').on('class_meetings').columns(['class_id', 'starts_at_utc']).execute();
        // Two saves of a class (two instances) cannot make the same regular meeting twice; extra
        // meetings have no scheduled date (NULLs are distinct in both databases).
        await db.schema.createIndex('class_meetings_scheduled_uq').on('class_meetings').columns(['class_id', 'scheduled_date']).unique().execute();
        await required(
          db.schema
            .createTable('meeting_attendance')
            .addColumn('meeting_id', 'integer', (c) => c.notNull().references('class_meetings.id').onDelete('cascade'))
            .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade')),
          { mark: 'varchar(10)', marked_at: 'varchar(30)' },
        )
          .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addPrimaryKeyConstraint('meeting_attendance_pk', ['meeting_id', 'student_id'])
          .execute();
        await db.schema.createIndex('meeting_attendance_student_idx').on('meeting_attendance').column('student_id').execute();
      },
    },
    '2026_12_12_calendar_feeds': {
      async up(db: AnyDb) {
        // One subscription address per owner; only the SHA-256 of its secret (the address is shown once).
        await required(
          db.schema.createTable('calendar_feeds').addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade')),
          { secret_hash: 'varchar(64)', created_at: 'varchar(30)' },
        ).execute();
        await db.schema.createIndex('calendar_feeds_secret_uq').on('calendar_feeds').column('secret_hash').unique().execute();
      },
    },
    '2026_12_13_lesson_counts': {
      async up(db: AnyDb) {
        // Lessons used and left (domain/lessons.ts) follow meetings, marks, who is in which class and
        // the lesson settings: the students list's cache keys on this version beside the students one.
        await addChangeVersion(db, dialect, 'lessons', ['class_meetings', 'meeting_attendance', 'class_students', 'portal_settings'], 'lessons_version');
        // The monthly report's cache reads which accounts were ended (domain/lessonReports.ts) on every request.
        await sql`create index users_sign_in_disabled_idx on users (sign_in_disabled_at) where sign_in_disabled_at is not null`.execute(db);
      },
    },
    '2026_12_14_families': {
      async up(db: AnyDb) {
        await createFamilyTables(db, dialect);
      },
    },
    '2026_12_14_mail_headers': {
      async up(db: AnyDb) {
        // A mail's extra header fields (a summary mail's one-click unsubscribe), as JSON; scrubbed with the body once sent.
        await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
      },
    },
    '2026_12_15_step_visits': {
      async up(db: AnyDb) {
        // Where children get stuck: one row per child and step of a model, written with her place
        // (first and last time there, time spent, "I'm stuck" presses), never a row per event.
        // left_at: when she last moved from the step to another of the model (null: never yet).
        await required(
          ownedByUser(db.schema.createTable('step_visits')).addColumn('lesson_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade')),
          { tab_index: 'integer', step: 'integer' },
        )
          .addColumn('tab_title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('first_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('last_at', 'varchar(30)', (c) => c.notNull())
          .addColumn('left_at', 'varchar(30)')
          .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('stuck_presses', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('step_visits_pk', ['user_id', 'lesson_id', 'tab_index', 'step'])
          .execute();
        // The insights are grouped by model, tab and step (the primary key leads with the child).
        await db.schema.createIndex('step_visits_lesson_idx').on('step_visits').columns(['lesson_id', 'tab_index', 'step']).execute();
      },
    },
  };
}

/** The content page every program hangs under (contract CONTENT_IDS.programsRoot, as the migration found it). */
const PROGRAMS_ROOT_ID = 127;

/**
 * A stored JSON (a page's meta, or a draft holding meta) with `audience: 'hidden'` added to the meta
 * `metaOf` finds when that meta says hide 1 and names no audience yet; null when nothing changes.
 */
function hiddenToAudience(json: string, metaOf: (parsed: Record<string, unknown>) => Record<string, unknown>): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const meta = metaOf(parsed as Record<string, unknown>);
  if (String(meta.hide ?? '0').trim() !== '1' || typeof meta.audience === 'string') return null;
  meta.audience = 'hidden';
  return JSON.stringify(parsed);
}

/**
 * SQLite cannot drop a column's UNIQUE constraint: users is rebuilt as its own definition without it
 * (SQLite's documented twelve-step table change), with its indexes and triggers. Foreign keys are
 * off meanwhile so dropping the old table does not cascade to the rows that reference it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuildSqliteUsersWithoutEmailUnique(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
      const definition = table.rows[0]!.sql;
      const withoutUnique = definition.replace(/("email" varchar\(254\) not null) unique/i, '$1');
      if (withoutUnique === definition) throw new Error('users.email: unexpected definition');
      const others = await sql<{ sql: string }>`select sql from sqlite_master where tbl_name = 'users' and type in ('index', 'trigger') and sql is not null`.execute(db);
      await sql.raw(withoutUnique.replace(/^create table "?users"?/i, 'create table "users_rebuilt"')).execute(db);
      await sql`insert into users_rebuilt select * from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_rebuilt rename to users`.execute(db);
      for (const other of others.rows) await sql.raw(other.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('users rebuild: foreign keys broken');
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db);
      throw err;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * A change_versions row bumped by a trigger in the transaction of every write to the table, so
 * caches on any instance can key on it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function addChangeVersion(db: Kysely<any>, dialect: DialectName, name: string, tables: string | readonly string[], trigger: string): Promise<void> {
  await db.insertInto('change_versions').values({ name, version: 0 }).execute();
  const each = typeof tables === 'string' ? [tables] : tables;
  // One table keeps its trigger's historical name; several get the table's name after it.
  const triggerOf = (table: string) => (typeof tables === 'string' ? trigger : `${trigger}_${table}`);
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function bump_${name}_version() returns trigger language plpgsql as $$
          begin
            update change_versions set version = version + 1 where name = '${name}';
            perform pg_notify('${CHANGE_CHANNEL}', '${name}');
            return null;
          end $$`,
      )
      .execute(db);
    for (const table of each) {
      await sql.raw(`create trigger ${triggerOf(table)} after insert or update or delete or truncate on ${table} for each statement execute function bump_${name}_version()`).execute(db);
    }
    return;
  }
  for (const table of each) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger ${triggerOf(table)}_${event} after ${event} on ${table} begin update change_versions set version = version + 1 where name = '${name}'; end`).execute(db);
    }
  }
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations(this.dialect));
  }
}

/**
 * Kysely looks for its own tables in every schema unless told which one: a database with another
 * portal's schema beside this one (the tests make one each) would be taken as already set up.
 */
function migratorFor(db: Db): Migrator {
  return new Migrator({ db: db.kysely, provider: new StaticProvider(db.dialect), ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
}

/** The names of every migration this version of the portal has (a backup from a newer one has more). */
export function knownMigrations(dialect: DialectName): string[] {
  return Object.keys(migrations(dialect));
}

/** Brings the schema up to date; throws when a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the schema to the named migration: the database an older version of the portal left (tests). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = migratorFor(db);
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Used by tests and health checks: a trivial round trip. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

/** The migrations not yet applied to the database (empty when its schema is up to date). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = migratorFor(db);
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
