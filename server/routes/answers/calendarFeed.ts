import { z } from 'zod';
import type { CalendarFeedAddress, CalendarFeedState } from '../../../contract';

export const calendarFeedStateAnswer = z.object({ active: z.boolean(), createdAt: z.string().nullable() }) satisfies z.ZodType<CalendarFeedState>;
export const calendarFeedAddress = calendarFeedStateAnswer.extend({ url: z.string() }) satisfies z.ZodType<CalendarFeedAddress>;
