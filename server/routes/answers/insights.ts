/** The answers about where children get stuck (contract/insights.ts). */
import { z } from 'zod';
import type { StuckStep, StuckStepsAnswer } from '../../../contract';

export const stuckStep = z.object({
  lessonId: z.number(),
  modelTitle: z.string(),
  programTitle: z.string(),
  tabIndex: z.number(),
  tabTitle: z.string(),
  step: z.number(),
  thumbnail: z.string().nullable(),
  reached: z.number(),
  stopped: z.number(),
  stuckPresses: z.number(),
  stuckChildren: z.number(),
  medianSeconds: z.number().nullable(),
}) satisfies z.ZodType<StuckStep>;

export const stuckStepsAnswer = z.object({
  at: z.string(),
  steps: z.array(stuckStep),
}) satisfies z.ZodType<StuckStepsAnswer>;
