/** What of a child's card goes into a summary: models finished in the period, models in progress that moved since it began. */
import type { FamilyChild, FamilyModel } from '../../../contract';
import { summaryChildOf } from '../../domain/familySummaries';
import { summaryPeriodDue } from '../../domain/summaryPeriods';

const model = (title: string, finishedAt: string | null, updatedAt: string): FamilyModel => ({ pageId: 1, title, imageUrl: '', tab: 2, tabs: 3, step: 4, steps: 9, finishedAt, updatedAt });

test('November: built in November only; in progress only when moved since November began; lessons never below zero', () => {
  const november = summaryPeriodDue('monthly', new Date('2026-12-01T03:00:00Z'))!;
  const child: FamilyChild = {
    studentId: 7,
    firstName: 'Mia',
    lastName: 'Levi',
    program: 'Play Machines 1',
    models: [
      model('Crane', '2026-11-30T23:59:59.000Z', '2026-11-30T23:59:59.000Z'),
      model('Catapult', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
      model('Early December', '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'),
      model('October', '2026-10-31T23:59:59.000Z', '2026-10-31T23:59:59.000Z'),
      model('Bridge', null, '2026-11-12T10:00:00.000Z'),
      model('Left in summer', null, '2026-07-01T10:00:00.000Z'),
    ],
    lessons: { total: 20, used: 21, left: -1, startDate: '2026-01-11', endDate: '2026-06-21' },
    nextMeeting: { className: 'Robotics A', startsAt: '2026-12-02T16:30', timeZone: 'Asia/Jerusalem', place: 'Herzliya' },
    teacher: { name: 'Dana Cohen' },
    termsAccepted: [],
    erasureRequestedAt: null,
  };
  expect(summaryChildOf(child, november)).toEqual({
    firstName: 'Mia',
    built: ['Crane', 'Catapult'],
    inProgress: [{ title: 'Bridge', tab: 2, tabs: 3, step: 4, steps: 9 }],
    lessonsLeft: 0,
    nextMeeting: { startsAt: '2026-12-02T16:30', className: 'Robotics A', place: 'Herzliya' },
  });
});
