/**
 * Where students are in their models: a student saves their place as they move through a
 * model's steps, only in a model they may open; their franchise owner and administrators read it.
 */
import { CONTENT_IDS, type ProgressBody, type ProgressEntry, type ProgressSummary, type StudentProgressEntry } from '../../contract';
import * as q from '../db/queries';
import type { StudentProgressRow } from '../db/schema';
import { ApiError, invalidParams, invalidUserId, notAllowed } from '../errors';
import { findVisiblePage, hasCode } from './content';
import { isAdmin, isOwner, isStudent, type Actor, type DomainContext } from './context';
import type { RateLimiter } from './rateLimiter';
import { studentLockouts } from './unlocks';
import { recordMove } from './stepVisits';

function toEntry(row: StudentProgressRow): ProgressEntry {
  return {
    lessonId: row.lesson_id,
    programId: row.program_id,
    tabId: row.tab_id,
    tabTitle: row.tab_title,
    tabIndex: row.tab_index,
    tabs: row.tabs,
    step: row.step,
    steps: row.steps,
    tabsDone: Array.from({ length: row.tabs }, (_, i) => i).filter((i) => (row.tabs_done & (2 ** i)) !== 0),
    finishedAt: row.finished_at,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
  };
}

function notUnlocked(): ApiError {
  return new ApiError(403, 'rest_forbidden', 'Unlock this model with its code first.');
}

export async function saveMyProgress(ctx: DomainContext, actor: Actor, body: ProgressBody): Promise<ProgressEntry> {
  if (!isStudent(actor)) throw notAllowed(true);
  if (body.tabIndex >= body.tabs) throw invalidParams({ tabIndex: 'tabIndex must be below tabs.' });
  if (body.step > body.steps) throw invalidParams({ step: 'step must be at most steps.' });
  const page = await findVisiblePage(ctx, actor, body.lessonId);
  const program = page.parent > 0 ? await findVisiblePage(ctx, actor, page.parent) : null;
  if (program?.parent !== CONTENT_IDS.programsRoot) throw invalidParams({ lessonId: 'lessonId must be a model of a program.' });
  if (hasCode(page) && !(await q.unlockedPageIds(ctx.db.kysely, actor.id)).has(page.id)) throw notUnlocked();
  // Finished means the student went through every tab to its last step (a tab's last step reached
  // at least once, in any order): opening the last tab, say the video, finishes nothing before it.
  const now = ctx.clock();
  const row = await q.inTransaction(ctx.db, async (trx) => {
    const before = await q.progressPlace(trx, actor.id, page.id);
    const last = await q.latestProgressPlace(trx, actor.id);
    const saved = await q.saveProgressRow(
      trx,
      {
        user_id: actor.id,
        lesson_id: page.id,
        program_id: page.parent,
        tab_id: body.tabId,
        tab_title: body.tabTitle ?? '',
        tab_index: body.tabIndex,
        tabs: body.tabs,
        step: body.step,
        steps: body.steps,
      },
      now.toISOString(),
    );
    await recordMove(trx, actor.id, { lesson_id: page.id, tab_index: body.tabIndex, step: body.step, tab_title: body.tabTitle ?? '' }, before, last, now);
    return saved;
  });
  return toEntry(row);
}

export async function myProgress(ctx: DomainContext, actor: Actor): Promise<ProgressEntry[]> {
  if (!isStudent(actor)) throw notAllowed(true);
  return (await q.progressOfStudent(ctx.db.kysely, actor.id, false)).map(toEntry);
}

/** A student's progress for their franchise owner or an administrator; another owner's student is not found. */
export async function studentProgress(ctx: DomainContext, actor: Actor, studentId: number): Promise<StudentProgressEntry[]> {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  const [owner] = await q.studentOwners(ctx.db.kysely, [studentId]);
  if (!owner || (!isAdmin(actor) && owner.teacher_id !== actor.id)) throw invalidUserId();
  return (await q.progressOfStudentWithTitles(ctx.db.kysely, studentId)).map((row) => ({ ...toEntry(row), title: row.title }));
}

/**
 * How far each student is, for the roster tables: an owner's own students (naming another owner is
 * refused); an administrator's every student, or one owner's.
 */
export async function progressSummary(ctx: DomainContext, actor: Actor, wrongCodes: RateLimiter, ownerId?: number): Promise<ProgressSummary[]> {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  if (!isAdmin(actor) && ownerId !== undefined && ownerId !== actor.id) throw notAllowed(true);
  const scope = isAdmin(actor) ? (ownerId === undefined ? 'all' : { teacherId: ownerId }) : { teacherId: actor.id };
  const [rows, lockouts] = await Promise.all([q.progressSummaries(ctx.db.kysely, scope), studentLockouts(ctx, scope === 'all' ? null : scope.teacherId, wrongCodes)]);
  return rows.map((row) => ({
    studentId: row.student_id,
    unlocked: row.unlocked,
    inProgress: row.in_progress,
    finished: row.finished,
    lastActiveAt: latest(row.last_moved_at, row.last_unlocked_at),
    lockedOut: lockouts.get(row.student_id) ?? [],
  }));
}

const latest = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a >= b ? a : b);
