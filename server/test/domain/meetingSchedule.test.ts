/**
 * The meetings a schedule gives: each of its weekdays from its start to its end date at its time on
 * the place's clock, across the days the clocks change, and for the longest class no more than its
 * days allow.
 */
import { CLASS_LIMITS } from '../../../contract';
import type { Schedule } from '../../domain/classSchedule';
import { scheduledMeetings } from '../../domain/meetingSchedule';

const base: Schedule = { weekdays: [1, 3], startTime: '16:00', lengthMinutes: 60, startDate: '2026-03-01', endDate: '2026-03-15', timeZone: 'Asia/Jerusalem' };

describe("a schedule's meetings", () => {
  test('each weekday between the dates, both included, in order', () => {
    expect(scheduledMeetings(base)).toEqual([
      { date: '2026-03-02', start: '2026-03-02T16:00', startUtc: '2026-03-02T14:00:00.000Z' },
      { date: '2026-03-04', start: '2026-03-04T16:00', startUtc: '2026-03-04T14:00:00.000Z' },
      { date: '2026-03-09', start: '2026-03-09T16:00', startUtc: '2026-03-09T14:00:00.000Z' },
      { date: '2026-03-11', start: '2026-03-11T16:00', startUtc: '2026-03-11T14:00:00.000Z' },
    ]);
    expect(scheduledMeetings({ ...base, weekdays: [7], startDate: '2026-03-01', endDate: '2026-03-01' }).map((m) => m.date)).toEqual(['2026-03-01']);
  });

  test("the week the clocks change, the wall-clock time holds and the instant moves by the hour", () => {
    // Jerusalem moves to summer time on Friday 27 March 2026.
    const week = scheduledMeetings({ ...base, weekdays: [4, 5, 6], startTime: '02:30', startDate: '2026-03-26', endDate: '2026-03-28' });
    expect(week.map((m) => [m.start, m.startUtc])).toEqual([
      ['2026-03-26T02:30', '2026-03-26T00:30:00.000Z'],
      ['2026-03-27T03:30', '2026-03-27T00:30:00.000Z'], // 02:30 does not exist that night
      ['2026-03-28T02:30', '2026-03-27T23:30:00.000Z'],
    ]);
    // Autumn in Madrid (25 October 2026): 02:30 happens twice; the first is taken.
    expect(scheduledMeetings({ ...base, weekdays: [7], startTime: '02:30', startDate: '2026-10-25', endDate: '2026-10-25', timeZone: 'Europe/Madrid' })[0]).toMatchObject({ start: '2026-10-25T02:30', startUtc: '2026-10-25T00:30:00.000Z' });
  });

  test('the longest class meeting every day makes one meeting a day', () => {
    const all = scheduledMeetings({ ...base, weekdays: [1, 2, 3, 4, 5, 6, 7], startDate: '2026-01-01', endDate: '2028-01-03' });
    expect(all).toHaveLength(CLASS_LIMITS.maxDays + 1);
    expect(new Set(all.map((m) => m.date)).size).toBe(all.length);
  });
});
