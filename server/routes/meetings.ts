/**
 * Meetings and attendance (contract/meetings.ts MEETINGS_PATHS): franchise owners their own
 * classes', administrators every owner's. Whose meeting it is comes from the Bearer token (and an
 * administrator's ?owner), never from the body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MEETINGS_PATHS } from '../../contract';
import { getAttendance, takeAttendance } from '../domain/attendance';
import { classNotFound } from '../domain/classes';
import { isAdmin, isOwner, type Actor } from '../domain/context';
import { MAX_ID } from '../domain/fieldRules';
import { addExtraMeeting, changeMeeting, getMeeting, listMeetings, meetingNotFound } from '../domain/meetings';
import { attendanceInputSchema, extraMeetingSchema, meetingChangeSchema, meetingListSchema } from '../domain/meetingRules';
import { type ApiError, notAllowed } from '../errors';
import { answers } from '../http/answers';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { attendanceRecord, meetingList, meetingRecord } from './answers/meetings';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

const noParams = z.strictObject({});

/** Franchise owners and administrators, checked before anything is read. */
function staff(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  return actor;
}

/** The :id of a path, or the unknown id's 404. */
function idParam(request: IdRequest, notFound: () => ApiError): number {
  const raw = request.params.id;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID || Number(raw) < 1) throw notFound();
  return Number(raw);
}

export function meetingsRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(MEETINGS_PATHS.meetings, answers(meetingList), async (request, reply) => {
    const actor = staff(request);
    const p = readParams(request, meetingListSchema);
    return sendJson(reply, await listMeetings(s.ctx, actor, { from: p.from, to: p.to, ...(p.class !== undefined ? { classId: p.class } : {}), ...(p.owner !== undefined ? { ownerId: p.owner } : {}) }));
  });

  app.get(MEETINGS_PATHS.meeting(':id'), answers(meetingRecord), async (request: IdRequest, reply) => {
    const actor = staff(request);
    readParams(request, noParams);
    return sendJson(reply, await getMeeting(s.ctx, actor, idParam(request, meetingNotFound)));
  });

  app.put(MEETINGS_PATHS.meeting(':id'), answers(meetingRecord), async (request: IdRequest, reply) => {
    const actor = staff(request);
    const change = readParams(request, meetingChangeSchema);
    return sendJson(reply, await changeMeeting(s.ctx, actor, idParam(request, meetingNotFound), change));
  });

  app.post(MEETINGS_PATHS.classMeetings(':id'), answers(meetingRecord), async (request: IdRequest, reply) => {
    const actor = staff(request);
    const fields = readParams(request, extraMeetingSchema);
    return sendJson(reply, await addExtraMeeting(s.ctx, actor, idParam(request, classNotFound), fields), 201);
  });

  app.get(MEETINGS_PATHS.attendance(':id'), answers(attendanceRecord), async (request: IdRequest, reply) => {
    const actor = staff(request);
    readParams(request, noParams);
    return sendJson(reply, await getAttendance(s.ctx, actor, idParam(request, meetingNotFound)));
  });

  app.put(MEETINGS_PATHS.attendance(':id'), answers(attendanceRecord), async (request: IdRequest, reply) => {
    const actor = staff(request);
    const fields = readParams(request, attendanceInputSchema);
    return sendJson(reply, await takeAttendance(s.ctx, actor, idParam(request, meetingNotFound), fields));
  });
}
