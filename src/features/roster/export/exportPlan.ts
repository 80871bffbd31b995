import type { StoreState } from '../../../shared/storeHooks';
/**
 * What an export writes: the rows exactly as the table shows them (the same selectors with the
 * same view: search, filters, sort) and the names of the file and sheet. Loaded by the export saga
 * on demand, so the filtering code stays out of the app's start-up chunk.
 */
import type { RosterColumn, TableId } from '../table/rosterColumns';
import { selectAllStudentsColumns, selectAllStudentsRows, selectFranchiseOwnerRows, selectFranchiseOwnersColumns, selectStudentsListColumns, selectStudentsListRows } from '../rosterSelectors';
import { emptyView, type ShownQuery } from '../table/rosterView';
import { rosterMessages } from '../roster.messages';
import { columnText, rosterColumnMessages } from '../table/rosterColumns.messages';

export interface ExportPlan {
  rows: readonly unknown[];
  columns: readonly RosterColumn<never>[];
  fileName: string;
  sheetName: string;
}

/** No search, no filter, store order. */
const everything: ShownQuery = { ...emptyView, today: '' };

/** The columns with their headers (and 'Never') in the shown language: the spec's English ones in English. */
function shownColumns(columns: readonly RosterColumn<never>[]): RosterColumn<never>[] {
  const texts = rosterColumnMessages.get();
  return columns.map((column) => {
    const { empty, value } = column;
    return {
      ...column,
      header: columnText(texts, column.header),
      ...(empty ? { empty: (row: never) => columnText(texts, empty(row)) } : {}),
      ...(column.word ? { value: (row: never) => columnText(texts, String(value(row))) } : {}),
    };
  });
}

function plan(rows: readonly unknown[], columns: readonly RosterColumn<never>[], fileName: string, sheetName: string): ExportPlan {
  return { rows, columns: shownColumns(columns), fileName, sheetName };
}

/** The rows, columns and names of a table's export; headers, file and sheet names in the shown language. */
export function exportPlan(state: StoreState, table: TableId, userName = '', ownerId: number | null = null, query: ShownQuery = everything): ExportPlan {
  const t = rosterMessages.get();
  switch (table) {
    case 'studentsList':
      return plan(selectStudentsListRows(state, ownerId, query), selectStudentsListColumns(state) as RosterColumn<never>[], t.studentsListFile({ userName }), t.studentsListSheet({ userName }));
    case 'franchiseOwners':
      return plan(selectFranchiseOwnerRows(state, query), selectFranchiseOwnersColumns(state) as RosterColumn<never>[], t.franchiseOwnersFile, t.franchiseOwnersSheet);
    case 'allStudents':
      return plan(selectAllStudentsRows(state, query), selectAllStudentsColumns(state) as RosterColumn<never>[], t.allStudentsFile, t.allStudentsSheet);
  }
}
