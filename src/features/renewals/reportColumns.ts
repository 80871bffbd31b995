/** The monthly report's columns: what the table shows, how it sorts, and what the spreadsheet gets. */
import type { MonthlyReportRow } from '../../../contract/lessons';
import type { ExportColumn } from '../../shared/export/exportSheet';
import type { reportMessages } from './report.messages';
import type { SortValue } from './sorting';

type Texts = ReturnType<typeof reportMessages.get>;
export type NumberColumn = 'activeStudents' | 'meetingsHeld' | 'renewalsDue' | 'renewalsMade';

export const REPORT_COLUMNS = ['ownerName', 'country', 'activeStudents', 'meetingsHeld', 'attendanceRate', 'renewalsDue', 'renewalsMade'] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

export const NUMBER_COLUMNS: readonly NumberColumn[] = ['activeStudents', 'meetingsHeld', 'renewalsDue', 'renewalsMade'];

export const columnHeader = (t: Texts, column: ReportColumn): string => (column === 'ownerName' ? t.owner : t[column]);

export function reportSortValue(row: MonthlyReportRow, columnId: string): SortValue {
  const value = row[columnId as ReportColumn];
  return value === undefined ? null : value;
}

/** A rate of 0..1 as a whole percentage (87.5% → 88), or null. */
export const percent = (rate: number | null): number | null => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The spreadsheet's columns: numbers as numbers, the rate as a percentage, "—" where there were no marks. */
export function exportColumns(t: Texts): ExportColumn<MonthlyReportRow>[] {
  return [
    { header: t.owner, kind: 'text', value: (row) => row.ownerName },
    { header: t.country, kind: 'text', value: (row) => row.country },
    ...NUMBER_COLUMNS.slice(0, 2).map((key): ExportColumn<MonthlyReportRow> => ({ header: t[key], kind: 'number', value: (row) => row[key] })),
    { header: t.attendancePercent, kind: 'number', value: (row) => percent(row.attendanceRate) ?? '', empty: () => t.noValue },
    ...NUMBER_COLUMNS.slice(2).map((key): ExportColumn<MonthlyReportRow> => ({ header: t[key], kind: 'number', value: (row) => row[key] })),
  ];
}
