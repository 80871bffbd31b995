/** The classroom's routes (contract/classroom.ts): franchise owners for their own students, and administrators; a student's own unlocks. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CLASSROOM_PATHS } from '../../contract';
import { unlockForStudents } from '../domain/classroom';
import { myUnlocks } from '../domain/unlocks';
import { id } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { classUnlockResult, myUnlocksAnswer } from './answers/classroom';

const noParams = z.strictObject({});

/** As many as an owner's largest class list is long (a whole school's students fit). */
const MAX_CHOSEN = 2000;

const classUnlockBody = z.strictObject({
  lessonId: id(),
  students: z.union([z.literal('all'), z.array(id()).min(1, 'Choose at least one student.').max(MAX_CHOSEN, `Choose at most ${MAX_CHOSEN} students.`)], {
    error: 'Must be "all" or a list of student ids.',
  }),
  ownerId: id().optional(),
  classId: id().optional(),
});

export function classroomRoutes(app: FastifyInstance, s: AppServices): void {
  app.post(CLASSROOM_PATHS.classUnlocks, answers(classUnlockResult), async (request, reply) => {
    const actor = requireActor(request);
    const body = readParams(request, classUnlockBody);
    return sendJson(reply, await unlockForStudents(s.ctx, actor, body));
  });

  // Asked by a student's open model list when it loads and every few seconds after (the owner's
  // "Unlock for students" reaches the tablet): one indexed read of her unlocks and her recent wrong codes.
  app.get(CLASSROOM_PATHS.myUnlocks, answers(myUnlocksAnswer), async (request, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply, await myUnlocks(s.ctx, actor, s.limiters.unlockWrongPerStudent));
  });
}
