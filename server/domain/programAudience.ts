/**
 * Who sees a program: its audience (contract ProgramAudience, in the page's meta), and for a student
 * the program her record names, which she sees first and, when an administrator says so, alone.
 */
import { CONTENT_IDS, PROGRAM_AUDIENCES, type ProgramAudience, type StudioSettings } from '../../contract';
import * as q from '../db/queries';
import type { Executor } from '../db/queries';
import { invalidParams } from '../errors';
import { parseMeta } from './pageState';

/** `hide` 1 (as WordPress and older writers set it) always means hidden; else the audience named, else everyone. */
export function audienceOf(meta: Record<string, unknown>): ProgramAudience {
  if (String(meta.hide ?? '0').trim() === '1') return 'hidden';
  const named = meta.audience;
  if (typeof named === 'string' && (PROGRAM_AUDIENCES as readonly string[]).includes(named)) return named as ProgramAudience;
  return 'everyone';
}

/** The meta that says an audience: `hide` kept in step for readers that know only it. */
export function audienceMeta(audience: ProgramAudience): { audience: ProgramAudience; hide: '0' | '1' } {
  return { audience, hide: audience === 'hidden' ? '1' : '0' };
}

/** A program's names compared as people type them: "Play Machines 1", "PlayMachines1" and "play machines 1" are one. */
export const programKey = (name: string): string => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether a student's program (as her record names it) is this program (by its title or its program name). */
export function namesProgram(studentProgram: string, program: { title: string; programName: string }): boolean {
  const key = programKey(studentProgram);
  return key !== '' && (key === programKey(program.title) || key === programKey(program.programName));
}

/** The programs a student may be enrolled in: each by its title, as the content's programs list shows it. */
export interface ProgramNames {
  titles: string[];
  /** "Play Machines 1", "play-machines-1" and "PlayMachines1" all give one key. */
  byKey: Map<string, string>;
}

/**
 * The content's programs a student may be enrolled in: drafts and hidden ones included (an office
 * may enrol children before a program goes live), programs for teachers never.
 */
export async function programNames(db: Executor): Promise<ProgramNames> {
  const rows = (await q.listChildPages(db, [CONTENT_IDS.programsRoot])).filter((r) => r.status !== 'trash' && audienceOf(parseMeta(r)) !== 'teachers');
  const byKey = new Map<string, string>();
  for (const row of rows) {
    byKey.set(programKey(row.title), row.title);
    if (row.slug) byKey.set(programKey(row.slug), row.title);
  }
  return { titles: [...new Set(rows.map((r) => r.title))], byKey };
}

const ENROLLED_ONLY = 'students_see_enrolled_program_only';

export async function readStudioSettings(db: Executor): Promise<StudioSettings> {
  return { studentsSeeEnrolledProgramOnly: (await q.readPortalSetting(db, ENROLLED_ONLY)) === '1' };
}

export async function writeStudioSettings(db: Executor, settings: StudioSettings): Promise<StudioSettings> {
  await q.writePortalSetting(db, ENROLLED_ONLY, settings.studentsSeeEnrolledProgramOnly ? '1' : '0');
  return readStudioSettings(db);
}

/** What decides which programs a student sees: her program, and whether she sees it alone. */
export interface StudentScope {
  program: string;
  enrolledOnly: boolean;
}

export async function studentScope(db: Executor, userId: number): Promise<StudentScope> {
  const [program, settings] = await Promise.all([q.studentProgram(db, userId), readStudioSettings(db)]);
  return { program, enrolledOnly: settings.studentsSeeEnrolledProgramOnly };
}

/**
 * A student's program as a sign-up or an edit names it: one of the content's programs (any case or
 * spacing), written as its title; refused (400, naming the programs) when it names none. With no
 * programs in the content yet the name is kept as typed, as the bulk import does.
 */
export async function knownProgramTitle(db: Executor, name: string): Promise<string> {
  const programs = await programNames(db);
  if (programs.titles.length === 0) return name;
  const title = programs.byKey.get(programKey(name));
  if (title === undefined) throw invalidParams({ Program: `Must be one of these programs: ${programs.titles.join(', ')}.` });
  return title;
}
