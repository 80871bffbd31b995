/**
 * What an export writes: the rows exactly as the table shows them (the same selectors with the
 * same view: search, filters, sort) and the names of the file and sheet. Loaded by the export saga
 * on demand, so the filtering code stays out of the app's start-up chunk.
 */
import { exportNames } from '../../shared/constants';
import { allStudentsColumns, franchiseOwnersColumns, studentsListColumns, type RosterColumn, type TableId } from './rosterColumns';
import { selectAllStudentsRows, selectFranchiseOwnerRows, selectStudentsListRows, type WithRoster } from './rosterSelectors';
import { emptyView, type ShownQuery } from './rosterView';

export interface ExportPlan {
  rows: readonly unknown[];
  columns: readonly RosterColumn<never>[];
  fileName: string;
  sheetName: string;
}

/** No search, no filter, store order. */
const everything: ShownQuery = { ...emptyView, today: '' };

function plan(rows: readonly unknown[], columns: readonly RosterColumn<never>[], fileName: string, sheetName: string): ExportPlan {
  return { rows, columns, fileName, sheetName };
}

export function exportPlan(state: WithRoster, table: TableId, userName = '', ownerId: number | null = null, query: ShownQuery = everything): ExportPlan {
  switch (table) {
    case 'studentsList':
      return plan(selectStudentsListRows(state, ownerId, query), studentsListColumns as RosterColumn<never>[], exportNames.studentsListFile(userName), exportNames.studentsListSheet(userName));
    case 'franchiseOwners':
      return plan(selectFranchiseOwnerRows(state, query), franchiseOwnersColumns as RosterColumn<never>[], exportNames.franchiseOwnersFile, exportNames.franchiseOwnersSheet);
    case 'allStudents':
      return plan(selectAllStudentsRows(state, query), allStudentsColumns as RosterColumn<never>[], exportNames.allStudentsFile, exportNames.allStudentsSheet);
  }
}
