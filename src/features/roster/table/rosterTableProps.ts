/** What a roster table gets: shared by the desktop table and the phone cards. */
import type { ReactNode } from 'react';
import type { RosterColumn } from './rosterColumns';
import type { SortState } from './sorting';

/** Above this many rows only the rows (or cards) in view are in the DOM. */
export const VIRTUALIZE_ABOVE = 100;

export interface ExtraColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface RosterTableProps<Row> {
  caption: string;
  columns: readonly RosterColumn<Row>[];
  rows: readonly Row[];
  sort: SortState | null;
  onSort: (columnId: string) => void;
  getRowId: (row: Row) => string;
  /** Columns of buttons after the data (Students List, Manage): neither sorted nor exported. */
  extraColumns?: readonly ExtraColumn<Row>[];
  busy?: boolean;
  /** Where a row's name links to (a student's page); no link when absent. */
  rowHref?: (row: Row) => string;
}
