/**
 * An owner's calendar subscription (contract/meetings.ts calendarFeed, calendarFile): the signed-in
 * owner makes, replaces or turns off its secret address; a calendar app reads the file with the
 * secret alone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MEETINGS_PATHS } from '../../contract';
import { calendarFeedState, calendarFile, newCalendarFeed, noSuchCalendar, stopCalendarFeed } from '../domain/calendarFeed';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { calendarFeedAddress, calendarFeedStateAnswer } from './answers/calendarFeed';

const noParams = z.strictObject({});

export function calendarFeedRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(MEETINGS_PATHS.calendarFeed, answers(calendarFeedStateAnswer), async (request, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply.header('cache-control', 'no-store'), await calendarFeedState(s.ctx, actor));
  });

  app.post(MEETINGS_PATHS.calendarFeed, answers(calendarFeedAddress), async (request, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply.header('cache-control', 'no-store'), await newCalendarFeed(s.ctx, actor), 201);
  });

  app.delete(MEETINGS_PATHS.calendarFeed, answers(calendarFeedStateAnswer), async (request, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply, await stopCalendarFeed(s.ctx, actor));
  });

  app.get(
    MEETINGS_PATHS.calendarFile(':secret'),
    { config: { rawAnswer: 'an iCalendar file (text/calendar) for calendar apps' } },
    async (request: FastifyRequest<{ Params: { secret: string } }>, reply) => {
      const text = await calendarFile(s.ctx, request.params.secret);
      if (text === null) throw noSuchCalendar();
      // Calendar apps poll every few hours; nothing on the way keeps a copy of someone's secret feed.
      return reply.code(200).type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(text);
    },
  );
}
