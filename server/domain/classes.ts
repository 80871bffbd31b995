/**
 * Classes (contract/classes.ts): a franchise owner creates, edits and archives her own; an
 * administrator every owner's. Another owner's class answers as an unknown id. Each change, its
 * students' joining and leaving, and its audit entry are written in one transaction; bad input
 * changes nothing.
 */
import { CONTENT_IDS, type ClassRecord } from '../../contract';
import * as q from '../db/queries';
import type { ClassRow } from '../db/schema';
import { ApiError, invalidParams, notAllowed } from '../errors';
import { recordAudit } from './audit';
import { auditFields, changedClassFields, classColumns, classRecords, currentStudentIds } from './classRecords';
import { classDateErrors, nameKey, type ClassFields } from './classRules';
import { findVisiblePage } from './content';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { SCHEDULE_FIELDS, syncClassMeetings } from './meetingSchedule';

export function classNotFound(): ApiError {
  return new ApiError(404, 'rest_post_invalid_id', 'Invalid class ID.');
}

/** Franchise owners and administrators; 403 for anyone else signed in. */
function requireStaff(actor: Actor): void {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
}

/** The class, when the actor may reach it: 404 for an unknown id and for another owner's class alike. */
async function reachableClass(db: q.Executor, actor: Actor, id: number): Promise<ClassRow> {
  const row = await q.findClass(db, id);
  if (!row || (!isAdmin(actor) && row.owner_id !== actor.id)) throw classNotFound();
  return row;
}

async function recordOf(ctx: DomainContext, db: q.Executor, row: ClassRow): Promise<ClassRecord> {
  return (await classRecords(db, [row], ctx.clock()))[0]!;
}

export interface ClassListQuery {
  /** ?owner=ID: an administrator's choice of owner (an owner may name only herself). */
  ownerId?: number;
  /** ?archived=1: archived classes too. */
  archived: boolean;
}

export async function listClasses(ctx: DomainContext, actor: Actor, query: ClassListQuery): Promise<ClassRecord[]> {
  requireStaff(actor);
  if (!isAdmin(actor) && query.ownerId !== undefined && query.ownerId !== actor.id) throw notAllowed(true);
  const ownerId = isAdmin(actor) ? query.ownerId : actor.id;
  const db = ctx.db.kysely;
  const rows = await q.listClasses(db, { ...(ownerId !== undefined ? { ownerId } : {}), archived: query.archived });
  return classRecords(db, rows, ctx.clock());
}

export async function getClass(ctx: DomainContext, actor: Actor, id: number): Promise<ClassRecord> {
  requireStaff(actor);
  const db = ctx.db.kysely;
  return recordOf(ctx, db, await reachableClass(db, actor, id));
}

/** Whose new class it is: an owner's own; an administrator names a franchise owner. */
async function ownerOfNewClass(ctx: DomainContext, actor: Actor, ownerId: number | undefined): Promise<number> {
  if (!isAdmin(actor)) {
    if (ownerId !== undefined && ownerId !== actor.id) throw notAllowed(true);
    return actor.id;
  }
  if (ownerId === undefined) throw invalidParams({ ownerId: 'Say whose class it is: ownerId is required.' });
  if (!(await q.findUserWithRole(ctx.db.kysely, ownerId, 'franchise_owner'))) throw invalidParams({ ownerId: 'Must name a franchise owner.' });
  return ownerId;
}

/** The program must be a program (a page under the programs) the actor may see. */
async function programError(ctx: DomainContext, actor: Actor, programId: number): Promise<string | null> {
  try {
    const page = await findVisiblePage(ctx, actor, programId);
    if (page.parent === CONTENT_IDS.programsRoot) return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
  return 'Must be the id of one of the programs.';
}

function nameTaken(name: string): string {
  return `There is already a class named "${name}": choose another name, or archive that class first.`;
}

/**
 * The checks that read the database, with the class's students now (none for a new class): the name
 * free among the owner's active classes; each student added an active student of the owner (one
 * staying may have ended since, but must still be the owner's).
 */
async function databaseErrors(trx: q.Executor, ownerId: number, fields: ClassFields, edited: { id: number; archived: boolean } | null, current: readonly number[]): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  // An archived class may share its name with an active one (the name counts again if it comes back).
  if (!edited?.archived && (await q.activeClassNamed(trx, ownerId, nameKey(fields.name), edited?.id ?? null)) !== null) errors.name = nameTaken(fields.name);
  const staying = new Set(current);
  const added = fields.studentIds.filter((id) => !staying.has(id));
  const kept = fields.studentIds.filter((id) => staying.has(id));
  const active = await q.activeStudentsOf(trx, ownerId, added);
  const stillOwn = new Set((await q.studentOwners(trx, kept)).filter((s) => s.teacher_id === ownerId).map((s) => s.user_id));
  const refused = [...added.filter((id) => !active.has(id)), ...kept.filter((id) => !stillOwn.has(id))];
  if (refused.length > 0) {
    const listed = refused.slice(0, 10).join(', ') + (refused.length > 10 ? ', …' : '');
    errors.studentIds = `Each student must be an active student of the class's owner; these are not: ${listed}.`;
  }
  return errors;
}

/** A write the unique name index refused (another instance saved the same name a moment before) becomes the name's message. */
async function guardName<T>(taken: Record<string, string>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (q.isUniqueViolation(err)) throw invalidParams(taken);
    throw err;
  }
}

export async function createClass(ctx: DomainContext, actor: Actor, fields: ClassFields, ownerId?: number): Promise<ClassRecord> {
  requireStaff(actor);
  const owner = await ownerOfNewClass(ctx, actor, ownerId);
  const early = { ...classDateErrors(fields) };
  const program = await programError(ctx, actor, fields.programId);
  if (program !== null) early.programId = program;
  const now = ctx.clock();
  const at = now.toISOString();
  return q.inTransaction(ctx.db, async (trx) => {
    const errors = { ...early, ...(await databaseErrors(trx, owner, fields, null, [])) };
    if (Object.keys(errors).length > 0) throw invalidParams(errors);
    const id = await guardName({ name: nameTaken(fields.name) }, () => q.insertClass(trx, { ...classColumns(fields), owner_id: owner, created_at: at, updated_at: at }));
    await q.addClassMembers(trx, id, fields.studentIds, at);
    const row = await reachableClass(trx, actor, id);
    await syncClassMeetings(trx, row, at);
    await recordAudit(trx, actor, { action: 'class.create', subjectType: 'class', subjectId: id, ownerId: owner, after: auditFields(row, fields.studentIds) }, now);
    return recordOf(ctx, trx, row);
  });
}

/** The whole class as given (PUT): students left out leave it (their history stays), new ones join. */
export async function updateClass(ctx: DomainContext, actor: Actor, id: number, fields: ClassFields, ownerId?: number): Promise<ClassRecord> {
  requireStaff(actor);
  const found = await reachableClass(ctx.db.kysely, actor, id);
  const early = { ...classDateErrors(fields) };
  if (ownerId !== undefined && ownerId !== found.owner_id) early.ownerId = "A class stays with its owner: ownerId must be the class's owner, or left out.";
  // A program hidden or trashed since may stay; a new one must be one the actor may choose.
  const program = fields.programId === found.program_id ? null : await programError(ctx, actor, fields.programId);
  if (program !== null) early.programId = program;
  const now = ctx.clock();
  const at = now.toISOString();
  return q.inTransaction(ctx.db, async (trx) => {
    if (ctx.db.dialect === 'postgres') await q.lockClass(trx, id);
    const row = await reachableClass(trx, actor, id);
    const current = await currentStudentIds(trx, id);
    const errors = { ...early, ...(await databaseErrors(trx, row.owner_id, fields, { id, archived: row.archived_at !== null }, current)) };
    if (Object.keys(errors).length > 0) throw invalidParams(errors);
    const { before, after } = changedClassFields(auditFields(row, current), { ...fields, studentIds: [...fields.studentIds].sort((a, b) => a - b) });
    if (Object.keys(after).length === 0) return recordOf(ctx, trx, row);
    await guardName({ name: nameTaken(fields.name) }, () => q.updateClass(trx, id, { ...classColumns(fields), updated_at: at }));
    const wanted = new Set(fields.studentIds);
    const staying = new Set(current);
    await q.closeClassMembers(trx, id, current.filter((sid) => !wanted.has(sid)), at);
    await q.addClassMembers(trx, id, fields.studentIds.filter((sid) => !staying.has(sid)), at);
    await recordAudit(trx, actor, { action: 'class.edit', subjectType: 'class', subjectId: id, ownerId: row.owner_id, before, after }, now);
    const saved = await reachableClass(trx, actor, id);
    if (SCHEDULE_FIELDS.some((field) => field in after)) await syncClassMeetings(trx, saved, at);
    return recordOf(ctx, trx, saved);
  });
}

/** Archived: out of the list and with no next meeting; its students and history stay. Back again only while no active class has its name. */
export async function archiveClass(ctx: DomainContext, actor: Actor, id: number, archived: boolean): Promise<ClassRecord> {
  requireStaff(actor);
  const now = ctx.clock();
  const at = now.toISOString();
  return q.inTransaction(ctx.db, async (trx) => {
    const row = await reachableClass(trx, actor, id);
    if ((row.archived_at !== null) === archived) return recordOf(ctx, trx, row);
    const taken = { archived: `Another active class is named "${row.name}": rename or archive it first.` };
    if (!archived && (await q.activeClassNamed(trx, row.owner_id, row.name_key, id)) !== null) throw invalidParams(taken);
    await guardName(taken, () => q.updateClass(trx, id, { archived_at: archived ? at : null, updated_at: at }));
    await recordAudit(trx, actor, { action: archived ? 'class.archive' : 'class.restore', subjectType: 'class', subjectId: id, ownerId: row.owner_id, before: { archived: !archived }, after: { archived } }, now);
    return recordOf(ctx, trx, await reachableClass(trx, actor, id));
  });
}
