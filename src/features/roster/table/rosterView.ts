/**
 * What a roster table shows, as the URL says it: the search, the filters and the sort live in the
 * query string (so a reload or a shared link shows the same view). Parsing is forgiving: anything
 * unknown or malformed reads as "not set". Pure: no React, no store.
 */
import { isSortableColumn, type TableId } from './rosterColumns';
import type { SortState } from './sorting';

export type StatusFilter = '' | 'active' | 'ended';

export interface RosterView {
  /** The search box, as typed. */
  q: string;
  program: string;
  /** All students list: a franchise owner's id. */
  owner: number | null;
  country: string;
  status: StatusFilter;
  /** Start-date range, YYYY-MM-DD, both ends included. */
  from: string;
  to: string;
  sort: SortState | null;
}

/** A view with the day it is judged on (a student has ended when their end date is before today). */
export interface ShownQuery extends RosterView {
  today: string;
}

export type FilterKey = 'program' | 'owner' | 'country' | 'status' | 'from' | 'to';

/** Which filters each table offers. */
export const TABLE_FILTERS: Readonly<Record<TableId, readonly FilterKey[]>> = {
  studentsList: ['program', 'status', 'from', 'to'],
  allStudents: ['program', 'owner', 'country', 'status', 'from', 'to'],
  franchiseOwners: ['country'],
};

export const emptyView: RosterView = { q: '', program: '', owner: null, country: '', status: '', from: '', to: '', sort: null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const QUERY = { q: 'q', program: 'program', owner: 'owner', country: 'country', status: 'status', from: 'from', to: 'to', sort: 'sort', dir: 'dir' } as const;

export function parseView(search: string | URLSearchParams, table: TableId): RosterView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const offered = TABLE_FILTERS[table];
  const get = (key: FilterKey) => (offered.includes(key) ? (params.get(QUERY[key]) ?? '').trim() : '');
  const status = get('status');
  const owner = get('owner');
  const from = get('from');
  const to = get('to');
  const sortColumn = params.get(QUERY.sort) ?? '';
  return {
    q: params.get(QUERY.q) ?? '',
    program: get('program'),
    owner: /^\d+$/.test(owner) ? Number(owner) : null,
    country: get('country'),
    status: status === 'active' || status === 'ended' ? status : '',
    from: ISO_DATE.test(from) ? from : '',
    to: ISO_DATE.test(to) ? to : '',
    sort: isSortableColumn(table, sortColumn) ? { columnId: sortColumn, direction: params.get(QUERY.dir) === 'desc' ? 'desc' : 'asc' } : null,
  };
}

/**
 * The query string with the view's parts replaced; other parameters (the students list's `?owner=`
 * naming whose list it is) stay. Empty values leave the URL.
 */
export function writeView(search: string | URLSearchParams, table: TableId, patch: Partial<RosterView>): URLSearchParams {
  const params = new URLSearchParams(search);
  const set = (key: string, value: string) => (value ? params.set(key, value) : params.delete(key));
  if ('q' in patch) set(QUERY.q, patch.q ?? '');
  for (const key of TABLE_FILTERS[table]) {
    if (!(key in patch)) continue;
    const value = patch[key];
    set(QUERY[key], value === null || value === undefined ? '' : String(value));
  }
  if ('sort' in patch) {
    set(QUERY.sort, patch.sort?.columnId ?? '');
    set(QUERY.dir, patch.sort?.direction === 'desc' ? 'desc' : '');
  }
  return params;
}

/** The view with the search and every filter cleared; the sort stays. */
export function clearedPatch(table: TableId): Partial<RosterView> {
  const patch: Partial<RosterView> = { q: '' };
  for (const key of TABLE_FILTERS[table]) Object.assign(patch, { [key]: emptyView[key] });
  return patch;
}

/** How many filters (not the search) are set: shown on the phones' Filters button. */
export const activeFilterCount = (view: RosterView, table: TableId): number =>
  TABLE_FILTERS[table].filter((key) => view[key] !== emptyView[key]).length;

export const isFiltered = (view: RosterView, table: TableId): boolean => view.q.trim() !== '' || activeFilterCount(view, table) > 0;
