/**
 * The bulk student import: a checked preview stored in the database (any instance can
 * show and confirm it), then all rows or none in one transaction.
 *
 * Sign-in details: hashing a password with argon2 takes ~40 ms, 80 s for 2,000 students, so the
 * accounts are created without a usable password (no password signs in to them yet) and a job in
 * the database gives each its password and queues the parent's sign-in mail, a few accounts per
 * transaction, each exactly once whichever instance runs it (see mailImportedStudents). The import's
 * preview reports how many mails are done; any instance continues the job when polled or on its timer.
 */
import type { StudentImportCounts, StudentImportPreview, StudentImportRow } from '../../contract/studentImport';
import { STUDENT_IMPORT_LIMITS } from '../../contract/studentImport';
import type { Db } from '../db/connection';
import * as q from '../db/queries';
import type { UserRow } from '../db/schema';
import { ApiError, invalidParams, notAllowed } from '../errors';
import { studentFields } from './studentFields';
import { mailLanguageOf } from '../mail/catalogue';
import { studentWelcomeMail } from '../mail/templates';
import { readRosterFile } from '../roster/importFile';
import { checkRows, flagDuplicates } from './studentImportRows';
import { auditEntry, recordAudit } from './audit';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { lockFamilies } from './families';
import { loginNameBase, uniqueLoginNames } from './loginNames';
import { generatePassword } from './passwords';
import { DAY_FIRST, typedDateAsIso } from './typedDates';
import { accountRow } from './users';

/** The password hash of an imported account until its sign-in mail is made: no password matches it. */
const NO_PASSWORD_YET = '';

const notFound = () => new ApiError(404, 'student_import_not_found', 'There is no such import. A preview is kept for 24 hours; upload the file again.');

async function ownerFor(ctx: DomainContext, actor: Actor, ownerId: number | undefined): Promise<UserRow> {
  if (isOwner(actor)) return actor.user;
  if (!isAdmin(actor)) throw notAllowed(true);
  const owner = ownerId === undefined ? undefined : await q.findUserWithRole(ctx.db.kysely, ownerId, 'franchise_owner');
  if (!owner) throw invalidParams({ ownerId: 'Choose the franchise owner whose students these are.' });
  if (owner.sign_in_disabled_at !== null) throw invalidParams({ ownerId: 'This franchise owner has been deactivated.' });
  return owner;
}

async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db.kysely
    .deleteFrom('student_imports')
    .where('expires_at', '<', now.getTime())
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('student_import_accounts').select('student_import_accounts.user_id').whereRef('student_import_accounts.import_id', '=', 'student_imports.id').where('student_import_accounts.mailed', '=', 0),
        ),
      ),
    )
    .execute();
}

type ImportRow = Awaited<ReturnType<typeof findImport>>;

function findImport(db: q.Executor, id: number) {
  return db.selectFrom('student_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The import, if the actor may see it: an owner only their own (another's is 404, as if it did not exist). */
async function importFor(ctx: DomainContext, actor: Actor, id: number): Promise<NonNullable<ImportRow>> {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  await deleteExpired(ctx.db, ctx.clock());
  const row = await findImport(ctx.db.kysely, id);
  if (!row || (isOwner(actor) && row.owner_id !== actor.id)) throw notFound();
  return row;
}

async function present(db: q.Executor, row: NonNullable<ImportRow>): Promise<StudentImportPreview> {
  const mails = await db
    .selectFrom('student_import_accounts')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('mailed').as('done')])
    .where('import_id', '=', row.id)
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.rows_json) as { ignoredColumns: string[]; rows: StudentImportRow[] };
  return {
    id: row.id,
    fileName: row.file_name,
    ownerId: row.owner_id,
    status: row.status === 'imported' ? 'imported' : 'preview',
    createdAt: row.created_at,
    expiresAt: new Date(Number(row.expires_at)).toISOString(),
    ignoredColumns: stored.ignoredColumns,
    rows: stored.rows,
    counts: JSON.parse(row.counts_json) as StudentImportCounts,
    imported: Number(row.imported_count),
    signInMails: { done: Number(mails.done ?? 0), total: Number(mails.total) },
  };
}

export interface UploadedRoster {
  bytes: Buffer;
  fileName: string;
  /** Administrators name the owner; an owner's students are always their own. */
  ownerId?: number;
}

/** Reads and checks the file and stores the preview; nothing else is written. */
export async function createImportPreview(ctx: DomainContext, actor: Actor, upload: UploadedRoster): Promise<StudentImportPreview> {
  const owner = await ownerFor(ctx, actor, upload.ownerId);
  const now = ctx.clock();
  await deleteExpired(ctx.db, now);
  const read = await readRosterFile(upload.bytes, upload.fileName);
  // Dates typed by hand (01/12/2026) are read in the order of the importing user's language.
  const dayFirst = DAY_FIRST[mailLanguageOf(actor.user.locale)];
  for (const r of read.rows) {
    r.values.LessonStartDate = typedDateAsIso(r.values.LessonStartDate, dayFirst);
    r.values.LessonEndDate = typedDateAsIso(r.values.LessonEndDate, dayFirst);
  }
  const { rows, counts } = await checkRows(ctx.db.kysely, owner.id, read.rows);
  const inserted = await ctx.db.kysely
    .insertInto('student_imports')
    .values({
      owner_id: owner.id,
      actor_id: actor.id,
      file_name: upload.fileName.slice(0, 300),
      status: 'preview',
      rows_json: JSON.stringify({ ignoredColumns: read.ignoredColumns, rows }),
      counts_json: JSON.stringify(counts),
      created_at: now.toISOString(),
      expires_at: now.getTime() + STUDENT_IMPORT_LIMITS.previewHours * 3_600_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return present(ctx.db.kysely, (await findImport(ctx.db.kysely, inserted.id))!);
}

export async function readImportPreview(ctx: DomainContext, actor: Actor, id: number): Promise<StudentImportPreview> {
  const row = await importFor(ctx, actor, id);
  const preview = await present(ctx.db.kysely, row);
  if (preview.signInMails.done < preview.signInMails.total) startMailingImportedStudents(ctx);
  return preview;
}

const refusedImport = (code: string, message: string) => new ApiError(409, code, `${message} Nothing was imported.`);

/** Every row becomes a student of the import's owner, in one transaction: all of them, or (on any failure) none. */
export async function confirmImport(ctx: DomainContext, actor: Actor, id: number, skipDuplicates: boolean): Promise<StudentImportPreview> {
  const found = await importFor(ctx, actor, id);
  if (found.status === 'imported') throw new ApiError(409, 'student_import_done', 'These students were already imported.');
  const { rows } = JSON.parse(found.rows_json) as { rows: StudentImportRow[] };
  const withErrors = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  if (withErrors > 0) throw refusedImport('student_import_has_errors', `${withErrors} ${withErrors === 1 ? 'row has' : 'rows have'} errors. Correct them in the file and upload it again.`);
  const now = ctx.clock();
  const db = ctx.db;
  const importAll = () => q.inTransaction(db, async (trx) => {
    const claimed = await trx.updateTable('student_imports').set({ status: 'importing' }).where('id', '=', id).where('status', '=', 'preview').executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new ApiError(409, 'student_import_done', 'These students were already imported.');
    const owner = await q.findUserWithRole(trx, found.owner_id, 'franchise_owner');
    if (!owner) throw refusedImport('student_import_owner_gone', 'The franchise owner of this import no longer exists.');
    if (owner.sign_in_disabled_at !== null) throw refusedImport('student_import_owner_deactivated', 'The franchise owner of this import has been deactivated since the preview.');
    await lockFamilies(trx, db.dialect, rows.map((r) => r.values.ParentEmail));
    // Checked again under the families' locks: a sign-up since the preview may have added one of these children.
    const duplicates = await flagDuplicates(trx, owner.id, rows);
    const duplicateCount = duplicates.filter((d) => d !== null).length;
    if (duplicateCount > 0 && !skipDuplicates) {
      throw refusedImport('student_import_duplicates', `${duplicateCount} ${duplicateCount === 1 ? 'row is a child' : 'rows are children'} who already ${duplicateCount === 1 ? 'has' : 'have'} an account or appear twice. Skip the duplicates, or remove them from the file.`);
    }
    const accepted = rows.filter((_row, index) => duplicates[index] === null).map((row) => studentFields.parse(row.values));
    await insertImportedStudents(trx, actor, owner, id, accepted, now);
    const count = accepted.length;
    // The rows are students now: the import keeps only its counts (no second copy of children's data).
    await trx
      .updateTable('student_imports')
      .set({ status: 'imported', imported_at: now.toISOString(), imported_count: count, rows_json: JSON.stringify({ ignoredColumns: [], rows: [] }) })
      .where('id', '=', id)
      .execute();
    return count;
  });
  let imported = 0;
  // A login name taken by a sign-up at the same moment fails the insert: everything rolls back and is tried again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      imported = await importAll();
      break;
    } catch (err) {
      if (!q.isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
  if (imported > 0) startMailingImportedStudents(ctx);
  return present(db.kysely, (await findImport(db.kysely, id))!);
}

type StudentFields = ReturnType<typeof studentFields.parse>;

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on a statement's parameters. */
const INSERT_BATCH = 200;

/** The users, students, pending sign-in mails and audit entries of the accepted rows, a batch of rows per statement. */
async function insertImportedStudents(trx: q.Executor, actor: Actor, owner: UserRow, importId: number, accepted: readonly StudentFields[], now: Date): Promise<void> {
  const usernames = await uniqueLoginNames(
    trx,
    accepted.map((s) => loginNameBase([s.StudentFirstName, s.StudentLastName], 'student')),
  );
  for (let start = 0; start < accepted.length; start += INSERT_BATCH) {
    const slice = accepted.slice(start, start + INSERT_BATCH);
    const names = usernames.slice(start, start + INSERT_BATCH);
    const users = slice.map((s, i) =>
      accountRow(
        NO_PASSWORD_YET,
        {
          username: names[i]!,
          email: s.ParentEmail,
          displayName: `${s.StudentFirstName} ${s.StudentLastName}`,
          firstName: s.StudentFirstName,
          lastName: s.StudentLastName,
          role: 'student',
          country: owner.country,
          state: owner.state,
          territory: owner.territory,
          teacherId: owner.id,
          locale: owner.locale,
        },
        now,
      ),
    );
    const inserted = await trx.insertInto('users').values(users).returning(['id', 'username']).execute();
    const idByName = new Map(inserted.map((u) => [u.username, u.id]));
    const students = slice.map((s, i) => ({
      user_id: idByName.get(names[i]!)!,
      teacher_id: owner.id,
      student_first_name: s.StudentFirstName,
      student_last_name: s.StudentLastName,
      parent_name: s.ParentName,
      parent_email: s.ParentEmail,
      phone: s.Phone,
      program: s.Program,
      lessons_start_date: s.LessonStartDate,
      lessons_end_date: s.LessonEndDate,
      number_of_lessons: s.NumberOfLessons,
    }));
    await trx
      .insertInto('students')
      .values(students.map((student) => ({ ...student, created_at: now.toISOString() })))
      .execute();
    await trx
      .insertInto('student_import_accounts')
      .values(students.map((student) => ({ user_id: student.user_id, import_id: importId })))
      .execute();
    await trx
      .insertInto('audit_log')
      .values(
        students.map(({ user_id: userId, teacher_id: _teacherId, ...after }, i) =>
          auditEntry(actor, { action: 'student.import', subjectType: 'student', subjectId: userId, ownerId: owner.id, after: { ...after, username: names[i], importId } }, now),
        ),
      )
      .execute();
  }
}

/** Accounts given their password and mail per transaction: about one second of hashing. */
const MAIL_BATCH = 20;

/**
 * Gives each imported account still waiting its password and queues the parent's sign-in mail.
 * The password is set only where the account still has none, in the transaction that queues the
 * mail and marks the account done, so an account gets one mail however many instances run this.
 */
export async function mailImportedStudents(ctx: DomainContext, shouldStop: () => boolean = () => false): Promise<number> {
  const db = ctx.db;
  let made = 0;
  while (!shouldStop()) {
    const batch = await db.kysely
      .selectFrom('student_import_accounts as a')
      .innerJoin('students as s', 's.user_id', 'a.user_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.user_id', 'a.import_id', 'u.username', 'u.locale', 's.parent_email', 's.parent_name', 's.student_first_name', 's.student_last_name', 's.teacher_id'])
      .where('a.mailed', '=', 0)
      .orderBy('a.user_id')
      .limit(MAIL_BATCH)
      .execute();
    if (batch.length === 0) return made;
    const prepared = await Promise.all(
      batch.map(async (b) => {
        const password = generatePassword();
        return { ...b, password, hash: await ctx.hasher.hash(password) };
      }),
    );
    const now = ctx.clock();
    const mailIds = await q.inTransaction(db, async (trx) => {
      const ids: number[] = [];
      for (const p of prepared) {
        const set = await trx.updateTable('users').set({ password_hash: p.hash, password_changed_at: now.toISOString() }).where('id', '=', p.user_id).where('password_hash', '=', NO_PASSWORD_YET).executeTakeFirst();
        await trx.updateTable('student_import_accounts').set({ mailed: 1 }).where('user_id', '=', p.user_id).execute();
        if (Number(set.numUpdatedRows) !== 1) continue;
        const studentName = `${p.student_first_name} ${p.student_last_name}`;
        const mail = studentWelcomeMail(mailLanguageOf(p.locale), { to: p.parent_email, parentName: p.parent_name, studentName, username: p.username, password: p.password, siteUrl: ctx.siteUrl });
        ids.push(await q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text, html: mail.html }, now));
        // The account's first sign-in mail, told apart from a mail an owner sends again.
        await recordAudit(trx, null, { action: 'student.import_mail', subjectType: 'student', subjectId: p.user_id, ownerId: p.teacher_id, after: { importId: p.import_id } }, now);
      }
      return ids;
    });
    made += mailIds.length;
    // Sent by the outbox; its worker retries what fails. Not awaited: the next batch need not wait for SMTP.
    ctx.mail.deliverSoon(mailIds).catch(() => undefined);
  }
  return made;
}

const running = new WeakMap<Db, Promise<number>>();
const stopped = new WeakSet<Db>();

/** Runs mailImportedStudents in the background, once at a time per database handle. */
export function startMailingImportedStudents(ctx: DomainContext, onError: (err: unknown) => void = () => undefined): Promise<number> {
  const current = running.get(ctx.db);
  if (current || stopped.has(ctx.db)) return current ?? Promise.resolve(0);
  const run = mailImportedStudents(ctx, () => stopped.has(ctx.db))
    .catch((err: unknown) => {
      onError(err);
      return 0;
    })
    .finally(() => running.delete(ctx.db));
  running.set(ctx.db, run);
  return run;
}

/** At shutdown: no new batch starts, and the one running ends (what is left waits in the database for any instance). */
export async function stopMailingImportedStudents(db: Db): Promise<void> {
  stopped.add(db);
  await running.get(db);
}
