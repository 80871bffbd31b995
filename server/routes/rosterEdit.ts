/**
 * One student's record: read, edit, end, re-activate, move (contract/rosterEdit.ts ROSTER_PATHS),
 * and the audit log. Who may do what comes from the Bearer token alone (domain/rosterEdit.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUDIT_PAGE_LIMIT, ROSTER_PATHS } from '../../contract';
import { editStudent, endStudent, getStudent, listAudit, moveStudent, reactivateStudent, type StudentEdit } from '../domain/rosterEdit';
import { isAdmin, isOwner, type Actor } from '../domain/context';
import { invalidParams, notAllowed } from '../errors';
import { id, isoDate, text, wireInt } from '../domain/fieldRules';
import { readParams, studentIdParam, type StudentIdRequest } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { createStudentParams } from './wl';
import { answers } from '../http/answers';
import { auditPage, rosterStudent } from './answers/roster';

/** The sign-up's fields and rules, each optional: only what is sent changes. */
const editParams = createStudentParams.omit({ AUTH_KEY: true, TeacherId: true }).partial();

const noParams = z.strictObject({});
const reactivateParams = z.strictObject({ LessonEndDate: isoDate() });
const moveParams = z.strictObject({ teacherId: id() });

const auditParams = z.strictObject({
  student: id().optional(),
  owner: id().optional(),
  action: text(60).optional(),
  actor: id().optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  before: id().optional(),
  limit: wireInt(1, AUDIT_PAGE_LIMIT.max).optional(),
});

/** Franchise owners and administrators (administrators only with `adminOnly`), checked before anything is read. */
export function staff(request: FastifyRequest, adminOnly = false): Actor {
  const actor = requireActor(request);
  if (!isAdmin(actor) && (adminOnly || !isOwner(actor))) throw notAllowed(true);
  return actor;
}

function toStudentEdit(p: z.output<typeof editParams>): StudentEdit {
  const edit: StudentEdit = {
    student_first_name: p.StudentFirstName,
    student_last_name: p.StudentLastName,
    parent_name: p.ParentName,
    parent_email: p.ParentEmail,
    phone: p.Phone,
    program: p.Program,
    lessons_start_date: p.LessonStartDate,
    lessons_end_date: p.LessonEndDate,
    number_of_lessons: p.NumberOfLessons,
  };
  for (const key of Object.keys(edit) as (keyof StudentEdit)[]) if (edit[key] === undefined) delete edit[key];
  return edit;
}

export function rosterEditRoutes(app: FastifyInstance, s: AppServices): void {
  const student = ROSTER_PATHS.student(':id');

  app.get(student, answers(rosterStudent), async (request: StudentIdRequest, reply) => {
    const actor = staff(request);
    readParams(request, noParams);
    return sendJson(reply, await getStudent(s.ctx, actor, studentIdParam(request)));
  });

  app.patch(student, answers(rosterStudent), async (request: StudentIdRequest, reply) => {
    const actor = staff(request);
    const edit = toStudentEdit(readParams(request, editParams));
    if (Object.keys(edit).length === 0) throw invalidParams({ body: 'Send at least one field to change.' });
    return sendJson(reply, await editStudent(s.ctx, actor, studentIdParam(request), edit));
  });

  app.post(ROSTER_PATHS.studentEnd(':id'), answers(rosterStudent), async (request: StudentIdRequest, reply) => {
    const actor = staff(request);
    readParams(request, noParams);
    return sendJson(reply, await endStudent(s.ctx, actor, studentIdParam(request)));
  });

  app.post(ROSTER_PATHS.studentReactivate(':id'), answers(rosterStudent), async (request: StudentIdRequest, reply) => {
    const actor = staff(request);
    const p = readParams(request, reactivateParams);
    return sendJson(reply, await reactivateStudent(s.ctx, actor, studentIdParam(request), p.LessonEndDate));
  });

  app.post(ROSTER_PATHS.studentMove(':id'), answers(rosterStudent), async (request: StudentIdRequest, reply) => {
    const actor = staff(request, true);
    const p = readParams(request, moveParams);
    return sendJson(reply, await moveStudent(s.ctx, actor, studentIdParam(request), p.teacherId));
  });

  app.get(ROSTER_PATHS.audit, answers(auditPage), async (request, reply) => {
    const actor = staff(request, true);
    const p = readParams(request, auditParams);
    if (p.from !== undefined && p.to !== undefined && p.to < p.from) throw invalidParams({ to: 'Must not be before from.' });
    const page = await listAudit(s.ctx, actor, {
      filter: {
        ...(p.student !== undefined ? { subjectType: 'student', subjectId: p.student } : {}),
        ...(p.owner !== undefined ? { ownerId: p.owner } : {}),
        ...(p.action !== undefined ? { action: p.action } : {}),
        ...(p.actor !== undefined ? { actorId: p.actor } : {}),
        ...(p.from !== undefined ? { from: `${p.from}T00:00:00.000Z` } : {}),
        ...(p.to !== undefined ? { to: `${p.to}T23:59:59.999Z` } : {}),
      },
      limit: p.limit ?? AUDIT_PAGE_LIMIT.default,
      ...(p.before !== undefined ? { before: p.before } : {}),
    });
    return sendJson(reply, page);
  });
}
