/** The server's refusals of a meeting's changes, its attendance or an extra meeting, in the user's words at the field they concern. */
import { MEETING_LIMITS } from '../../../contract/meetings';
import type { ApiError } from '../../api/types';
import type { timetableMessages } from './timetable.messages';

type Texts = ReturnType<typeof timetableMessages.get>;

/** Where a refusal shows: at a field of the page, or as the form's own message. */
export type RefusedAt = 'startsAt' | 'note' | 'modelId' | 'form';

export interface Refusal {
  at: RefusedAt;
  text: string;
}

const FIELD_TEXTS = {
  startsAt: (t: Texts) => t.startsAtRefused,
  note: (t: Texts) => t.noteTooLong({ max: MEETING_LIMITS.noteMaxLength }),
  modelId: (t: Texts) => t.modelRefused,
} as const;

/**
 * `failed` words a failure that is not a refusal (the network, the server). A
 * rest_invalid_param names its field in `params`; one this page has no field for is the form's.
 */
export function refusalOf(error: ApiError | null, t: Texts, failed: (error: ApiError) => string): Refusal | null {
  if (!error) return null;
  // A meeting already attended names what was asked: a move shows at the date, a cancellation at its button.
  if (error.code === 'yo_meeting_attended') return { at: error.params && 'startsAt' in error.params ? 'startsAt' : 'form', text: t.attendedRefusal };
  if (error.code === 'yo_meeting_not_started') return { at: 'form', text: t.notStarted({ minutes: MEETING_LIMITS.attendanceOpensMinutesBefore }) };
  if (error.code === 'yo_meeting_cancelled') return { at: 'form', text: t.cancelledRefusal };
  if (error.code === 'rest_invalid_param' && error.params) {
    const fields = Object.keys(error.params);
    for (const field of ['startsAt', 'note', 'modelId'] as const) if (fields.includes(field)) return { at: field, text: FIELD_TEXTS[field](t) };
    if (fields.some((field) => field.startsWith('marks'))) return { at: 'form', text: t.marksRefused };
    if (fields.includes('lengthMinutes')) return { at: 'form', text: t.lengthRefused };
    // Putting a cancelled meeting back where another of the class's meetings now is.
    if (fields.includes('cancelled')) return { at: 'form', text: t.putBackRefused };
  }
  return { at: 'form', text: failed(error) };
}
