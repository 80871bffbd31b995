/**
 * The custom endpoints of namespace wl/v1 (the API contract's sections on custom
 * endpoints and the backend's additions), all POST.
 *
 * AUTH_KEY: every body must carry it (a missing one is a 400 rest_invalid_param) and it must equal
 * the configured key (compared in constant time; a wrong one is a 403 rest_forbidden). It is a
 * shared key shipped to every browser, so it only keeps stray callers out: who may do what comes
 * from the Bearer token alone, and TeacherId in a body is never trusted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CreateFranchiseOwnerResponse, CreateStudentResponse, ResetPasswordResponse } from '../../contract';
import { API_PATHS } from '../../contract';
import { createStudent, studentsJsonFor } from '../domain/students';
import { unlockLesson } from '../domain/unlocks';
import { requestPasswordReset } from '../domain/credentials';
import { createFranchiseOwner, listUsersFor } from '../domain/users';
import { ApiError, FORBIDDEN_MESSAGE, invalidParams, tooManyAttempts, tooManyMails } from '../errors';
import { sendSharedBody } from '../http/compressedBody';
import { email, id, secretText, text, wireInt } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { toWireUser } from '../http/present';
import { answerText, JSON_TYPE, requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { lessonDatesError, STUDENT_FIELD_RULES } from '../domain/studentFields';
import { knownProgramTitle } from '../domain/programAudience';
import { answers } from '../http/answers';
import { createFranchiseOwnerAnswer, createStudentAnswer, resetPasswordAnswer, unlockLessonAnswer, wireStudent, wireUser } from './answers/wire';

const authKey = secretText(200);

const keyOnly = z.strictObject({ AUTH_KEY: authKey });

/** The sign-up's fields and rules; editing a student (rosterEdit.ts) takes the same. */
export const createStudentParams = z.strictObject({ AUTH_KEY: authKey, ...STUDENT_FIELD_RULES, TeacherId: id().optional() });

const resetParams = z.strictObject({ AUTH_KEY: authKey, user_email: email() });

const unlockParams = z.strictObject({
  AUTH_KEY: authKey,
  lesson_id: id(),
  code: z.union([secretText(16), wireInt(0, 9_999_999_999_999)]).transform(String),
});

const createOwnerParams = z.strictObject({
  AUTH_KEY: authKey,
  FirstName: text(100),
  LastName: text(100),
  Email: email(),
  Country: text(100),
  State: text(100),
  Territory: text(100),
  Username: text(60)
    .transform((u) => u.toLowerCase())
    .refine((u) => /^[a-z0-9._@-]+$/.test(u), 'May hold only letters, digits and . _ @ -')
    .optional(),
});

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function wlRoutes(app: FastifyInstance, s: AppServices): void {
  const expectedKey = digest(s.config.authKey);

  /** Parameters of a wl/v1 call whose AUTH_KEY matches. */
  function params<S extends z.ZodType<{ AUTH_KEY: string }>>(request: FastifyRequest, schema: S): z.output<S> {
    const p = readParams(request, schema);
    if (!timingSafeEqual(digest(p.AUTH_KEY), expectedKey)) throw new ApiError(403, 'rest_forbidden', FORBIDDEN_MESSAGE);
    return p;
  }

  app.post(API_PATHS.allStudents, answers(z.array(wireStudent)), async (request, reply) => {
    params(request, keyOnly);
    const actor = requireActor(request);
    // Serialized once per roster version, by this route's declared answer (studentsJsonFor), compressed once per encoding.
    return sendSharedBody(request, reply, await studentsJsonFor(s.ctx, actor, (students) => answerText(reply, students)), JSON_TYPE);
  });

  app.post(API_PATHS.allUsers, answers(z.array(wireUser)), async (request, reply) => {
    params(request, keyOnly);
    const actor = requireActor(request);
    return sendJson(reply, (await listUsersFor(s.ctx, actor)).map(toWireUser));
  });

  app.post(API_PATHS.createStudent, answers(createStudentAnswer), async (request, reply) => {
    const p = params(request, createStudentParams);
    const actor = requireActor(request);
    const datesError = lessonDatesError(p.LessonStartDate, p.LessonEndDate);
    if (datesError) throw invalidParams(datesError);
    const program = await knownProgramTitle(s.ctx.db.kysely, p.Program);
    // Each sign-up mails a parent: counted per owner in the database (every instance), before it is
    // made; one that mails no one (the same child again, a refusal) gives its count back.
    const attempt = await s.limiters.mailsPerOwner.take(`user:${actor.id}`);
    if (attempt.retryAfter !== null) throw tooManyMails(attempt.retryAfter);
    const outcome: CreateStudentResponse = await createStudent(s.ctx, actor, {
      studentFirstName: p.StudentFirstName,
      studentLastName: p.StudentLastName,
      parentName: p.ParentName,
      parentEmail: p.ParentEmail,
      phone: p.Phone,
      program,
      lessonStartDate: p.LessonStartDate,
      lessonEndDate: p.LessonEndDate,
      numberOfLessons: p.NumberOfLessons,
      ...(p.TeacherId === undefined ? {} : { teacherId: p.TeacherId }),
    }).catch(async (err: unknown) => {
      await attempt.giveBack();
      throw err;
    });
    if (outcome === 'already_exists') await attempt.giveBack();
    return sendJson(reply, outcome);
  });

  app.post(API_PATHS.resetPassword, answers(resetPasswordAnswer), async (request, reply) => {
    const p = params(request, resetParams);
    const wait = (await s.limiters.resetPerIp.take(request.ip)).retryAfter ?? (await s.limiters.resetPerAccount.take(p.user_email.toLowerCase())).retryAfter;
    if (wait !== null) throw tooManyAttempts(wait);
    await requestPasswordReset(s.ctx, p.user_email);
    const body: ResetPasswordResponse = { success: true, message: 'A new password has been sent to your email' };
    return sendJson(reply, body);
  });

  app.post(API_PATHS.unlockLesson, answers(unlockLessonAnswer), async (request, reply) => {
    const p = params(request, unlockParams);
    const actor = requireActor(request);
    const wait = (await s.limiters.unlockPerIp.take(request.ip)).retryAfter;
    if (wait !== null) throw tooManyAttempts(wait);
    return sendJson(reply, await unlockLesson(s.ctx, actor, p.lesson_id, p.code, s.limiters.unlockWrongPerStudent));
  });

  app.post(API_PATHS.createFranchiseOwner, answers(createFranchiseOwnerAnswer), async (request, reply) => {
    const p = params(request, createOwnerParams);
    const actor = requireActor(request);
    const created = await createFranchiseOwner(s.ctx, actor, {
      firstName: p.FirstName,
      lastName: p.LastName,
      email: p.Email,
      country: p.Country,
      state: p.State,
      territory: p.Territory,
      ...(p.Username === undefined ? {} : { username: p.Username }),
    });
    const body: CreateFranchiseOwnerResponse = { user_id: created.userId, username: created.username, status: 'email_sent' };
    return sendJson(reply, body);
  });
}
