/**
 * What a parent sees (contract/family.ts FamilyOverview): every child whose parent e-mail is the
 * session's, across owners, not erased; one card each, made only of that child's own records (no
 * class list, so no other child's name). The summary mail composes its content from familyChildren.
 */
import type { FamilyChild, FamilyMeeting, FamilyModel, FamilyOverview, FamilySummarySetting } from '../../contract';
import * as q from '../db/queries';
import type { Executor } from '../db/queries';
import type { StudentRow } from '../db/schema';
import { invalidUserId } from '../errors';
import type { DomainContext } from './context';
import { ensureFamilySettings, normalEmail, parentLanguage, summaryFrequencyOf } from './familySettings';
import { lessonsUsed } from './lessons';
import { parseObject } from './pageState';

/** Meetings longer than this do not exist (CLASS_LIMITS.maxLengthMinutes): one under way started within it. */
const LONGEST_MEETING_MS = 240 * 60_000;

/** A stored picture field (a path or URL, or an image object with one), as the model's page serves it: a root-relative path stays one. */
function pictureUrl(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string' ? (value as { url: string }).url : '';
}

async function modelsOf(db: Executor, studentId: number): Promise<FamilyModel[]> {
  const rows = await q.familyModelsOf(db, studentId);
  const models = rows.map((row) => ({
    pageId: row.lesson_id,
    title: row.title,
    imageUrl: pictureUrl(parseObject(row.fields_json).small_image),
    tab: row.tab_index + 1,
    tabs: row.tabs,
    step: row.step,
    steps: row.steps,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
  }));
  const built = models.filter((m) => m.finishedAt !== null).sort((a, b) => b.finishedAt!.localeCompare(a.finishedAt!));
  return [...built, ...models.filter((m) => m.finishedAt === null)];
}

async function nextMeetingOf(db: Executor, studentId: number, now: Date): Promise<FamilyMeeting | null> {
  const rows = await q.upcomingMeetingsOf(db, studentId, new Date(now.getTime() - LONGEST_MEETING_MS).toISOString(), 20);
  // A meeting under way counts until it ends, as the classes list says.
  const next = rows.find((r) => Date.parse(r.starts_at_utc) + r.length_minutes * 60_000 > now.getTime());
  return next ? { className: next.name, startsAt: next.starts_at, timeZone: next.time_zone, place: next.place } : null;
}

async function childCard(ctx: DomainContext, student: StudentRow, teachers: Map<number, string>, erasures: Map<number, string>): Promise<FamilyChild> {
  const db = ctx.db.kysely;
  const id = student.user_id;
  const used = (await lessonsUsed(ctx, { studentId: id })).get(id) ?? 0;
  const terms = await q.listTermsAcceptances(db, id);
  return {
    studentId: id,
    firstName: student.student_first_name,
    lastName: student.student_last_name,
    program: student.program,
    models: await modelsOf(db, id),
    lessons: { total: student.number_of_lessons, used, left: student.number_of_lessons - used, startDate: student.lessons_start_date, endDate: student.lessons_end_date },
    nextMeeting: await nextMeetingOf(db, id, ctx.clock()),
    teacher: { name: teachers.get(student.teacher_id) ?? '' },
    termsAccepted: terms.reverse().map((t) => ({ version: t.version, acceptedAt: t.accepted_at })),
    erasureRequestedAt: erasures.get(id) ?? null,
  };
}

/** The cards of the parent's children (one owner's family with `ownerId`), ordered by first name. */
export async function familyChildren(ctx: DomainContext, parentEmail: string, ownerId?: number): Promise<FamilyChild[]> {
  const db = ctx.db.kysely;
  const students = await q.childrenOfEmail(db, normalEmail(parentEmail), ownerId);
  const teachers = await q.displayNames(db, students.map((s) => s.teacher_id));
  const erasures = await q.waitingErasureRequests(db, students.map((s) => s.user_id));
  const cards: FamilyChild[] = [];
  for (const student of students) cards.push(await childCard(ctx, student, teachers, erasures));
  return cards;
}

/** One of the parent's children, or 404 as if it did not exist (another family's, erased, unknown). */
export async function familyChild(db: Executor, parentEmail: string, studentId: number): Promise<StudentRow> {
  const child = (await q.childrenOfEmail(db, normalEmail(parentEmail))).find((s) => s.user_id === studentId);
  if (!child) throw invalidUserId();
  return child;
}

/** The name on the newest of the children's records ('' without any). */
function parentNameOf(students: readonly StudentRow[]): string {
  const newest = [...students].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.user_id - a.user_id)[0];
  return newest?.parent_name ?? '';
}

/** The summary mail of each family the parent belongs to (each family's row made when missing). */
async function summariesOf(ctx: DomainContext, email: string, students: readonly StudentRow[]): Promise<FamilySummarySetting[]> {
  const db = ctx.db.kysely;
  const owners = [...new Set(students.map((s) => s.teacher_id))].sort((a, b) => a - b);
  const names = await q.displayNames(db, owners);
  const summaries: FamilySummarySetting[] = [];
  for (const ownerId of owners) {
    const row = await ensureFamilySettings(db, ownerId, email, ctx.clock());
    summaries.push({ ownerId, teacherName: names.get(ownerId) ?? '', frequency: await summaryFrequencyOf(db, ownerId), subscribed: row.subscribed === 1 });
  }
  return summaries;
}

export async function familyOverview(ctx: DomainContext, parentEmail: string): Promise<FamilyOverview> {
  const email = normalEmail(parentEmail);
  const students = await q.childrenOfEmail(ctx.db.kysely, email);
  const summaries = await summariesOf(ctx, email, students);
  return {
    email,
    name: parentNameOf(students),
    language: await parentLanguage(ctx.db.kysely, email),
    children: await familyChildren(ctx, email),
    summaries,
  };
}

/** The session's greeting: the name on the newest child's record, and the parent's language. */
export async function familyGreeting(ctx: DomainContext, parentEmail: string): Promise<{ name: string; language: FamilyOverview['language'] }> {
  const email = normalEmail(parentEmail);
  const students = await q.childrenOfEmail(ctx.db.kysely, email);
  return { name: parentNameOf(students), language: await parentLanguage(ctx.db.kysely, email) };
}
