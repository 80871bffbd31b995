/**
 * The calendar subscription through the real HTTP server: an owner makes a secret address, a calendar
 * app reads her meetings from it without signing in (times in UTC, a cancelled meeting marked so, no
 * child's name), a new address ends the old one, turning it off ends both, and only franchise owners
 * have one.
 */
import { CLASSES_PATHS, CONTENT_IDS, MEETINGS_PATHS, type CalendarFeedAddress, type ClassRecord, type MeetingRecord } from '../../../contract';
import { describeEachDb, expectWpError, signInDemoUsers, startTestServer, userIds, type TestServer } from '../harness';

/** The path of a feed address, for the test server on its own port. */
const pathOf = (url: string): string => new URL(url).pathname;

/** The calendar's lines, unfolded (RFC 5545 folds lines longer than 75 octets). */
const linesOf = (text: string): string[] => text.replace(/\r\n[ \t]/g, '').split('\r\n');

describeEachDb('the calendar subscription', (dialect) => {
  let s: TestServer;
  let tokens: Awaited<ReturnType<typeof signInDemoUsers>>;
  let classId: number;
  let childNames: string[];
  // Monday 9 March 2026, 08:00 in Jerusalem (UTC+2 until 27 March).
  const now = new Date('2026-03-09T06:00:00Z');

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => now });
    tokens = await signInDemoUsers(s);
    const ids = await userIds(s);
    const dana = ids.get('dana')!.id;
    const danas = [...ids.values()].filter((u) => u.role === 'student' && u.teacherId === dana);
    const children = await s.db.kysely.selectFrom('students').select(['student_first_name', 'student_last_name']).where('user_id', 'in', danas.slice(0, 3).map((u) => u.id)).execute();
    childNames = children.map((c) => `${c.student_first_name} ${c.student_last_name}`);
    expect(childNames).toHaveLength(3);
    const made = await s.post(
      CLASSES_PATHS.classes,
      { name: 'Monday Builders', programId: CONTENT_IDS.playMachines1, place: 'Oak Street School', weekdays: [1], startTime: '16:00', lengthMinutes: 90, startDate: '2026-03-01', endDate: '2026-06-30', timeZone: 'Asia/Jerusalem', studentIds: danas.slice(0, 3).map((u) => u.id) },
      { token: tokens.dana },
    );
    expect(made.status).toBe(201);
    classId = (made.body as ClassRecord).id;
  });
  afterAll(() => s?.close());

  test('an owner subscribes, a calendar app reads her meetings, a new address ends the old one, and off ends both', async () => {
    expect((await s.get(MEETINGS_PATHS.calendarFeed, { token: tokens.dana })).body).toEqual({ active: false, createdAt: null });

    const made = await s.post(MEETINGS_PATHS.calendarFeed, undefined, { token: tokens.dana });
    expect(made.status).toBe(201);
    const first = made.body as CalendarFeedAddress;
    expect(first).toEqual({ active: true, createdAt: now.toISOString(), url: expect.stringMatching(new RegExp(`^${s.config.publicUrl}/wp-json/yo/v1/calendar/[A-Za-z0-9_-]{43}\\.ics$`)) });
    expect((await s.get(MEETINGS_PATHS.calendarFeed, { token: tokens.dana })).body).toEqual({ active: true, createdAt: now.toISOString() });

    // Cancel one meeting: the calendar app is told.
    const week = await s.get(`${MEETINGS_PATHS.meetings}?from=2026-03-16&to=2026-03-22`, { token: tokens.dana });
    const [holiday] = week.body as MeetingRecord[];
    expect(holiday).toMatchObject({ classId, startsAt: '2026-03-16T16:00' });
    expect((await s.request('PUT', MEETINGS_PATHS.meeting(holiday!.id), { cancelled: true, note: 'Holiday' }, { token: tokens.dana })).status).toBe(200);

    const feed = await s.get(pathOf(first.url));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    const lines = linesOf(feed.text);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    const events = feed.text.split('BEGIN:VEVENT').slice(1).map(linesOf);
    // From 30 days back to 183 ahead: every Monday from 2 March to 29 June.
    expect(events).toHaveLength(18);
    const onSixteenth = events.find((e) => e.includes('DTSTART:20260316T140000Z'))!;
    expect(onSixteenth).toEqual(expect.arrayContaining(['DTEND:20260316T153000Z', 'SUMMARY:Monday Builders (Play Machines 1)', 'LOCATION:Oak Street School', 'STATUS:CANCELLED', 'DESCRIPTION:Holiday']));
    // After the clocks change on 27 March, 16:00 in Jerusalem is 13:00 UTC.
    expect(events.filter((e) => e.includes('DTSTART:20260330T130000Z') && e.includes('STATUS:CONFIRMED'))).toHaveLength(1);
    for (const name of childNames) expect(feed.text).not.toContain(name);

    const renewed = (await s.post(MEETINGS_PATHS.calendarFeed, undefined, { token: tokens.dana })).body as CalendarFeedAddress;
    expect(renewed.url).not.toBe(first.url);
    expectWpError(await s.get(pathOf(first.url)), 404, 'rest_no_route');
    expect((await s.get(pathOf(renewed.url))).status).toBe(200);
    // Another instance on the same database serves the same answer at once.
    const other = s.reopen();
    try {
      expect(await other.kysely.selectFrom('calendar_feeds').select('owner_id').execute()).toHaveLength(1);
    } finally {
      await other.close();
    }

    expect((await s.request('DELETE', MEETINGS_PATHS.calendarFeed, undefined, { token: tokens.dana })).body).toEqual({ active: false, createdAt: null });
    expectWpError(await s.get(pathOf(renewed.url)), 404, 'rest_no_route');
    expect((await s.get(MEETINGS_PATHS.calendarFeed, { token: tokens.dana })).body).toEqual({ active: false, createdAt: null });
  });

  test('only a franchise owner has a feed; an address that was never made is not found', async () => {
    expectWpError(await s.post(MEETINGS_PATHS.calendarFeed, undefined, { token: tokens.admin }), 403, 'rest_forbidden');
    expectWpError(await s.post(MEETINGS_PATHS.calendarFeed, undefined, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.post(MEETINGS_PATHS.calendarFeed), 401, 'rest_forbidden');
    expectWpError(await s.get(MEETINGS_PATHS.calendarFile('A'.repeat(43))), 404, 'rest_no_route');
    expectWpError(await s.get(MEETINGS_PATHS.calendarFile('../../users')), 404, 'rest_no_route');
  });

  test("an owner who can no longer sign in has no feed; another owner's feed never shows her classes", async () => {
    const lee = (await s.post(MEETINGS_PATHS.calendarFeed, undefined, { token: tokens.lee })).body as CalendarFeedAddress;
    const leeFeed = await s.get(pathOf(lee.url));
    expect(leeFeed.status).toBe(200);
    expect(leeFeed.text).not.toContain('Monday Builders');

    const dana = (await s.post(MEETINGS_PATHS.calendarFeed, undefined, { token: tokens.dana })).body as CalendarFeedAddress;
    expect((await s.get(pathOf(dana.url))).status).toBe(200);
    await s.db.kysely.updateTable('users').set({ sign_in_disabled_at: now.toISOString() }).where('username', '=', 'dana').execute();
    expectWpError(await s.get(pathOf(dana.url)), 404, 'rest_no_route');
  });
});
