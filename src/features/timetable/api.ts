/** The timetable's calls of the portal backend: the meetings, a meeting's changes and attendance, the calendar feed. */
import { CLASSES_PATHS, type ClassRecord } from '../../../contract/classes';
import {
  MEETINGS_PATHS,
  type AttendanceInput,
  type AttendanceRecord,
  type CalendarFeedAddress,
  type CalendarFeedState,
  type ExtraMeetingInput,
  type MeetingChange,
  type MeetingRecord,
} from '../../../contract/meetings';
import { expectList, expectRecord, portalCall } from '../../api/portalCall';

export interface MeetingsQuery {
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** Administrators: one owner's meetings, or null for every owner's. */
  ownerId: number | null;
}

export function meetingsPath({ from, to, ownerId }: MeetingsQuery): string {
  const params = new URLSearchParams({ from, to });
  if (ownerId !== null) params.set('owner', String(ownerId));
  return `${MEETINGS_PATHS.meetings}?${params.toString()}`;
}

const classesPath = (ownerId: number | null) => (ownerId === null ? CLASSES_PATHS.classes : `${CLASSES_PATHS.classes}?owner=${ownerId}`);

export const getMeetings = portalCall((query: MeetingsQuery) => ({ method: 'GET', path: meetingsPath(query) }), expectList<MeetingRecord>);
export const getMeeting = portalCall((id: number) => ({ method: 'GET', path: MEETINGS_PATHS.meeting(id) }), expectRecord<MeetingRecord>);
export const changeMeeting = portalCall((id: number, change: MeetingChange) => ({ method: 'PUT', path: MEETINGS_PATHS.meeting(id), body: change }), expectRecord<MeetingRecord>);
export const addMeeting = portalCall(
  (classId: number, input: ExtraMeetingInput) => ({ method: 'POST', path: MEETINGS_PATHS.classMeetings(classId), body: input }),
  expectRecord<MeetingRecord>,
);
export const getAttendance = portalCall((id: number) => ({ method: 'GET', path: MEETINGS_PATHS.attendance(id) }), expectRecord<AttendanceRecord>);
export const saveAttendance = portalCall(
  (id: number, input: AttendanceInput) => ({ method: 'PUT', path: MEETINGS_PATHS.attendance(id), body: input }),
  expectRecord<AttendanceRecord>,
);
/** The classes an extra meeting can be added to (the owner's active ones). */
export const getClassChoices = portalCall((ownerId: number | null) => ({ method: 'GET', path: classesPath(ownerId) }), expectList<ClassRecord>);
export const getCalendarFeed = portalCall(() => ({ method: 'GET', path: MEETINGS_PATHS.calendarFeed }), expectRecord<CalendarFeedState>);
export const makeCalendarFeed = portalCall(() => ({ method: 'POST', path: MEETINGS_PATHS.calendarFeed }), expectRecord<CalendarFeedAddress>);
export const stopCalendarFeed = portalCall(() => ({ method: 'DELETE', path: MEETINGS_PATHS.calendarFeed }), expectRecord<CalendarFeedState>);
