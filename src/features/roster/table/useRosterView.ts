/**
 * A roster page's view, kept in its URL (rosterView.ts). The search box answers at once from local
 * state; the rows follow through useDeferredValue (typing never waits for the table), and the URL
 * takes the text after a short pause (history `replace`: typing leaves no trail of entries).
 * Filters and sort go to the URL at once.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TableId } from './rosterColumns';
import { toIsoDate } from '../../../shared/i18n/calendarDates';
import { clearedPatch, isFiltered, parseView, writeView, type RosterView, type ShownQuery } from './rosterView';
import { nextSort } from './sorting';

/** How long the URL waits after the last keystroke (the rows do not wait for it). */
export const SEARCH_URL_DELAY_MS = 300;

export interface RosterViewControls {
  /** The view as the URL has it (filters, sort). */
  view: RosterView;
  /** What the table shows: the view with the (deferred) search and today's date. */
  query: ShownQuery;
  /** The search box's text, as typed. */
  search: string;
  setSearch: (text: string) => void;
  setFilter: (patch: Partial<RosterView>) => void;
  onSort: (columnId: string) => void;
  clear: () => void;
  /** A search or a filter is set (what the table shows, not the box still being typed in). */
  filtered: boolean;
}

export function useRosterView(table: TableId): RosterViewControls {
  const [params, setParams] = useSearchParams();
  const paramsText = params.toString();
  const view = useMemo(() => parseView(paramsText, table), [paramsText, table]);

  const [search, setSearchText] = useState(view.q);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  // The query string every write builds on: the newest one written, not the one rendered. Two
  // quick changes (a filter, then the search's timer) must not undo each other while the router
  // is still committing the first, and our own write arriving late never undoes keystrokes. A URL
  // changed by anyone else (back, a link) is adopted, with its search in the box.
  const latest = useRef(paramsText);
  const inFlight = useRef<string[]>([]);
  useEffect(() => {
    const ours = inFlight.current.indexOf(paramsText);
    if (ours >= 0) {
      inFlight.current.splice(0, ours + 1);
      return;
    }
    inFlight.current = [];
    latest.current = paramsText;
    setSearchText(parseView(paramsText, table).q);
  }, [paramsText, table]);
  const update = useCallback(
    (patch: Partial<RosterView>) => {
      const next = writeView(latest.current, table, patch);
      if (next.toString() === latest.current) return;
      latest.current = next.toString();
      inFlight.current.push(latest.current);
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [setParams, table],
  );

  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        update({ q: text });
      }, SEARCH_URL_DELAY_MS);
    },
    [update],
  );

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setSearchText('');
    update(clearedPatch(table));
  }, [update, table]);

  // One sort object while the sort stays the same: the sorted rows are memoized on it, so a search
  // reaching the URL does not sort 10,000 rows again.
  const sortColumn = view.sort?.columnId ?? null;
  const sortDirection = view.sort?.direction ?? 'asc';
  const sort = useMemo(() => (sortColumn === null ? null : { columnId: sortColumn, direction: sortDirection }), [sortColumn, sortDirection]);
  const onSort = useCallback((columnId: string) => update({ sort: nextSort(sort, columnId) }), [update, sort]);

  const shownSearch = useDeferredValue(search);
  const [today] = useState(() => toIsoDate(new Date()));
  const query = useMemo<ShownQuery>(() => ({ ...view, sort, q: shownSearch, today }), [view, sort, shownSearch, today]);

  return { view, query, search, setSearch, setFilter: update, onSort, clear, filtered: isFiltered(query, table) };
}
