/**
 * A class's next meeting on its place's wall clock: its weekdays and time in its own time zone,
 * within its dates, a meeting under way counting until it ends; the days the clocks change; and
 * the same answers whatever zone the server runs in.
 */
import { canonicalTimeZone, nextMeeting, zonedInstant, type Schedule } from '../../domain/classSchedule';

const at = (iso: string) => new Date(iso);

/** Monday and Wednesday 16:00 for an hour in Jerusalem, all of 2026. */
const jerusalem: Schedule = { weekdays: [1, 3], startTime: '16:00', lengthMinutes: 60, startDate: '2026-01-01', endDate: '2026-12-31', timeZone: 'Asia/Jerusalem' };

describe('the next meeting of a class', () => {
  test('is the next of its weekdays at its time, on the place\'s clock', () => {
    // Tuesday 10 March 2026, 12:00 in Jerusalem (UTC+2): Wednesday's meeting is next.
    expect(nextMeeting(jerusalem, at('2026-03-10T10:00:00Z'))).toEqual({ start: '2026-03-11T16:00', at: Date.parse('2026-03-11T14:00:00Z') });
    // Wednesday after the meeting: Monday next week.
    expect(nextMeeting(jerusalem, at('2026-03-11T16:00:00Z'))?.start).toBe('2026-03-16T16:00');
  });

  test('a meeting under way counts until its start plus its length', () => {
    // Monday 9 March, 16:30 in Jerusalem: today's meeting is under way.
    expect(nextMeeting(jerusalem, at('2026-03-09T14:30:00Z'))?.start).toBe('2026-03-09T16:00');
    expect(nextMeeting(jerusalem, at('2026-03-09T14:59:59Z'))?.start).toBe('2026-03-09T16:00');
    // 17:00: it has ended; Wednesday is next.
    expect(nextMeeting(jerusalem, at('2026-03-09T15:00:00Z'))?.start).toBe('2026-03-11T16:00');
  });

  test('a late meeting still under way after midnight is the one shown', () => {
    const late: Schedule = { ...jerusalem, weekdays: [1], startTime: '23:30', lengthMinutes: 120 };
    // Tuesday 10 March, 00:30 in Jerusalem: Monday's meeting runs until 01:30.
    expect(nextMeeting(late, at('2026-03-09T22:30:00Z'))?.start).toBe('2026-03-09T23:30');
    expect(nextMeeting(late, at('2026-03-09T23:30:00Z'))?.start).toBe('2026-03-16T23:30');
  });

  test('keeps to the start and end dates: the first meeting on or after the start, none after the end', () => {
    const autumn: Schedule = { ...jerusalem, startDate: '2026-09-07', endDate: '2026-09-16' };
    expect(nextMeeting(autumn, at('2026-03-10T10:00:00Z'))?.start).toBe('2026-09-07T16:00');
    // The last meeting is Wednesday 16 September (summer time, UTC+3); once it ends there is none.
    expect(nextMeeting(autumn, at('2026-09-16T13:59:00Z'))?.start).toBe('2026-09-16T16:00');
    expect(nextMeeting(autumn, at('2026-09-16T14:00:00Z'))).toBeNull();
    expect(nextMeeting(autumn, at('2027-01-01T00:00:00Z'))).toBeNull();
    // An end date on a day it does not meet: the Monday before is the last.
    expect(nextMeeting({ ...autumn, endDate: '2026-09-15' }, at('2026-09-14T14:00:00Z'))).toBeNull();
  });

  test('in Madrid on the last Sunday of March the meeting moves with the clocks (10:00 is 08:00 UTC, not 09:00)', () => {
    const sunday: Schedule = { weekdays: [7], startTime: '10:00', lengthMinutes: 60, startDate: '2026-03-01', endDate: '2026-04-30', timeZone: 'Europe/Madrid' };
    // The Sunday before, in winter time: 10:00 is 09:00 UTC.
    expect(nextMeeting(sunday, at('2026-03-22T08:00:00Z'))).toEqual({ start: '2026-03-22T10:00', at: Date.parse('2026-03-22T09:00:00Z') });
    // 29 March, summer time from 02:00: 10:00 is 08:00 UTC, and it ends at 09:00 UTC.
    expect(nextMeeting(sunday, at('2026-03-29T07:30:00Z'))).toEqual({ start: '2026-03-29T10:00', at: Date.parse('2026-03-29T08:00:00Z') });
    expect(nextMeeting(sunday, at('2026-03-29T08:59:00Z'))?.start).toBe('2026-03-29T10:00');
    expect(nextMeeting(sunday, at('2026-03-29T09:00:00Z'))?.start).toBe('2026-04-05T10:00');
  });

  test('a time the clocks skip happens as long after the change (02:30 is 03:30); one they show twice, the first time', () => {
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Madrid')).toBe(Date.parse('2026-03-29T01:30:00Z'));
    const skipped: Schedule = { weekdays: [7], startTime: '02:30', lengthMinutes: 60, startDate: '2026-03-29', endDate: '2026-03-29', timeZone: 'Europe/Madrid' };
    expect(nextMeeting(skipped, at('2026-03-28T12:00:00Z'))).toEqual({ start: '2026-03-29T03:30', at: Date.parse('2026-03-29T01:30:00Z') });
    // 25 October: 02:30 comes first in summer time (00:30 UTC), then again in winter time.
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Madrid')).toBe(Date.parse('2026-10-25T00:30:00Z'));
    const twice: Schedule = { ...skipped, startDate: '2026-10-25', endDate: '2026-10-25' };
    expect(nextMeeting(twice, at('2026-10-24T12:00:00Z'))).toEqual({ start: '2026-10-25T02:30', at: Date.parse('2026-10-25T00:30:00Z') });
  });

  test('the same answers whatever zone the server runs in, for a place whose date is not the server\'s', () => {
    // Auckland is UTC+13 in January: Sunday 4 January 20:30 UTC is Monday 09:30 there, in a meeting.
    const auckland: Schedule = { weekdays: [1], startTime: '09:00', lengthMinutes: 60, startDate: '2026-01-01', endDate: '2026-03-31', timeZone: 'Pacific/Auckland' };
    const was = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/Los_Angeles', 'Europe/Madrid', 'Pacific/Kiritimati']) {
        process.env.TZ = zone;
        expect({ zone, meeting: nextMeeting(auckland, at('2026-01-04T20:30:00Z')) }).toEqual({ zone, meeting: { start: '2026-01-05T09:00', at: Date.parse('2026-01-04T20:00:00Z') } });
        expect({ zone, madrid: zonedInstant('2026-03-29', '10:00', 'Europe/Madrid') }).toEqual({ zone, madrid: Date.parse('2026-03-29T08:00:00Z') });
      }
    } finally {
      if (was === undefined) delete process.env.TZ;
      else process.env.TZ = was;
    }
  });

  test('time zones are IANA names, written as Intl writes them; offsets and unknown names are not', () => {
    expect(canonicalTimeZone('europe/madrid')).toBe('Europe/Madrid');
    expect(canonicalTimeZone('Asia/Jerusalem')).toBe('Asia/Jerusalem');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', '+02:00', 'GMT+2 ', '', 'Europe/Madrid; drop table']) expect({ bad, zone: canonicalTimeZone(bad) }).toEqual({ bad, zone: null });
  });
});
