/**
 * The period a family's summary mail tells about: the previous calendar month from the 1st, the
 * previous Monday-to-Sunday week from Monday, on UTC's calendar; late by a few days still goes,
 * later than that nothing is due.
 */
import { summaryPeriodDue } from '../../domain/summaryPeriods';

const at = (iso: string) => new Date(iso);

describe('monthly', () => {
  test('from the first hour of the 1st: the whole previous month', () => {
    expect(summaryPeriodDue('monthly', at('2026-12-01T00:00:00Z'))).toEqual({
      kind: 'month',
      start: '2026-11-01',
      end: '2026-11-30',
      key: '2026-11',
      fromUtc: '2026-11-01T00:00:00.000Z',
      toUtc: '2026-12-01T00:00:00.000Z',
    });
  });

  test('the last minute of a month still belongs to it: nothing is due yet', () => {
    expect(summaryPeriodDue('monthly', at('2026-11-30T23:59:59Z'))?.key).not.toBe('2026-11');
    expect(summaryPeriodDue('monthly', at('2026-11-30T23:59:59Z'))).toBeNull();
  });

  test('January tells about last December; March about a February of 28 days', () => {
    expect(summaryPeriodDue('monthly', at('2027-01-01T05:00:00Z'))?.key).toBe('2026-12');
    expect(summaryPeriodDue('monthly', at('2027-03-01T05:00:00Z'))?.key).toBe('2027-02');
    expect(summaryPeriodDue('monthly', at('2028-03-02T05:00:00Z'))?.key).toBe('2028-02');
  });

  test('a late run still sends within the first seven days, not after', () => {
    expect(summaryPeriodDue('monthly', at('2026-12-07T23:59:59Z'))?.key).toBe('2026-11');
    expect(summaryPeriodDue('monthly', at('2026-12-08T00:00:00Z'))).toBeNull();
    expect(summaryPeriodDue('monthly', at('2026-12-15T12:00:00Z'))).toBeNull();
  });
});

describe('weekly', () => {
  test('on Monday: the previous Monday to Sunday, across a month and a year', () => {
    expect(summaryPeriodDue('weekly', at('2026-11-30T00:00:00Z'))).toEqual({
      kind: 'week',
      start: '2026-11-23',
      end: '2026-11-29',
      key: '2026-W48',
      fromUtc: '2026-11-23T00:00:00.000Z',
      toUtc: '2026-11-30T00:00:00.000Z',
    });
    expect(summaryPeriodDue('weekly', at('2027-01-04T08:00:00Z'))).toMatchObject({ start: '2026-12-28', end: '2027-01-03', key: '2026-W53' });
    // A week of late December that belongs to the next ISO year.
    expect(summaryPeriodDue('weekly', at('2025-01-06T08:00:00Z'))).toMatchObject({ start: '2024-12-30', end: '2025-01-05', key: '2025-W01' });
  });

  test('Tuesday still sends the same week; Wednesday to Sunday nothing is due', () => {
    expect(summaryPeriodDue('weekly', at('2026-12-01T23:00:00Z'))?.key).toBe('2026-W48');
    for (const day of ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']) expect(summaryPeriodDue('weekly', at(`${day}T12:00:00Z`))).toBeNull();
  });
});
