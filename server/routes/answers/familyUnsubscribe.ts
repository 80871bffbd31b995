import { z } from 'zod';
import type { FamilyUnsubscribeAnswer } from '../../../contract';

export const familyUnsubscribeAnswer = z.object({ unsubscribed: z.literal(true), teacherName: z.string() }) satisfies z.ZodType<FamilyUnsubscribeAnswer>;
