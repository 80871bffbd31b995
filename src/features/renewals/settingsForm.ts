/** The lesson settings form's values, its checks (the server's limits) and what a refusal says per field. */
import { LESSON_LIMITS, type LessonSettings } from '../../../contract/lessons';
import type { ApiError } from '../../api/types';
import type { renewalsMessages } from './renewals.messages';

type Texts = Pick<ReturnType<typeof renewalsMessages.get>, 'wholeNumber' | 'countHeldRefused'>;
export type Field = keyof LessonSettings;
export type Values = { countHeldLessons: boolean; renewalLessonsLeft: string; renewalDaysBeforeEnd: string };
export type Errors = Partial<Record<Field, string>>;

export const valuesOf = (settings: LessonSettings): Values => ({
  countHeldLessons: settings.countHeldLessons,
  renewalLessonsLeft: String(settings.renewalLessonsLeft),
  renewalDaysBeforeEnd: String(settings.renewalDaysBeforeEnd),
});

export const MAX: Record<Exclude<Field, 'countHeldLessons'>, number> = { renewalLessonsLeft: LESSON_LIMITS.maxRenewalLessonsLeft, renewalDaysBeforeEnd: LESSON_LIMITS.maxRenewalDays };

export function check(values: Values, t: Texts): Errors {
  const errors: Errors = {};
  for (const field of ['renewalLessonsLeft', 'renewalDaysBeforeEnd'] as const) {
    const text = values[field].trim();
    if (!/^\d{1,4}$/.test(text) || Number(text) > MAX[field]) errors[field] = t.wholeNumber({ max: MAX[field] });
  }
  return errors;
}

/** The server's rest_invalid_param, at its fields, in the form's words. */
export function refusedFields(error: ApiError | null, t: Texts): Errors {
  if (!error || error.code !== 'rest_invalid_param' || !error.params) return {};
  const errors: Errors = {};
  for (const key of Object.keys(error.params)) {
    if (key === 'renewalLessonsLeft' || key === 'renewalDaysBeforeEnd') errors[key] = t.wholeNumber({ max: MAX[key] });
    else if (key === 'countHeldLessons') errors[key] = t.countHeldRefused;
  }
  return errors;
}

