/**
 * The roster table: @tanstack/react-table renders what the store sorted (manual sorting), sort
 * headers are buttons with aria-sort on their th, the header row and the name column stay in view
 * while scrolling, and above a hundred rows only the visible rows are in the DOM
 * (@tanstack/react-virtual). The table sits in a focusable, labelled scroll region. On phones the
 * same rows show as one card per row instead (RosterCards).
 */
import { useLoadingView } from '../../../shared/pageLoad';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { breakpoints } from '../../../shared/breakpoints';
import { SkeletonBlock } from '../../../shared/ui/States';
import { HeaderLabel, ScrollRegion, SortArrow, SortButton, Table, TABLE_ROW_HEIGHT as ROW_HEIGHT, Td, Th, Tr } from '../../../shared/ui/Table';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { cardPlace } from './cardPlaces';
import { displayCell } from './formatting';
import { RosterCards, SkeletonCards } from './RosterCards';
import { VIRTUALIZE_ABOVE, type RosterTableProps } from './rosterTableProps';
import { useMediaQuery } from '../useMediaQuery';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { rosterMessages } from '../roster.messages';
import { columnText, rosterColumnMessages } from './rosterColumns.messages';

export { VIRTUALIZE_ABOVE } from './rosterTableProps';
export type { ExtraColumn, RosterTableProps } from './rosterTableProps';

type AriaSort = 'ascending' | 'descending' | 'none';

const phoneQuery = `(max-width: ${breakpoints.mobileMax}px)`;

export function RosterTable<Row>(props: RosterTableProps<Row>) {
  const phone = useMediaQuery(phoneQuery);
  return phone ? <RosterCards {...props} /> : <DesktopTable {...props} />;
}

/** The row's full name (the card's title, a name link's accessible name). */
export function rowName<Row>(columns: RosterTableProps<Row>['columns'], row: Row): string {
  return columns
    .filter((column) => cardPlace(column.id) === 'name')
    .map((column) => String(column.value(row)))
    .join(' ');
}

function DesktopTable<Row>({ caption, columns, rows, sort, onSort, getRowId, extraColumns, busy = false, rowHref }: RosterTableProps<Row>) {
  const captionId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALIZE_ABOVE;

  const linkId = rowHref ? columns.find((column) => cardPlace(column.id) === 'name')?.id : undefined;
  const t = useMessages(rosterMessages);
  const headers = useMessages(rosterColumnMessages);
  const formatters = useFormatters();
  const columnDefs = useMemo<ColumnDef<Row>[]>(() => {
    const defs: ColumnDef<Row>[] = columns.map((column) => ({
      id: column.id,
      header: columnText(headers, column.header),
      accessorFn: (row: Row) => column.value(row),
      enableSorting: column.sortable,
      cell: (info) => {
        const value = column.value(info.row.original);
        const empty = column.empty?.(info.row.original);
        const text = displayCell(value, column.kind, empty && columnText(headers, empty), formatters);
        if (column.word && value !== '') return <span>{columnText(headers, text)}</span>;
        // A value is people's data (names, e-mails, programs) or already written for the language
        // (dates, numbers): never translated. Only the word for an empty value ('Never') is a text.
        if (column.id !== linkId || !rowHref) return value === '' ? <span>{text}</span> : <span translate="no" dir="auto">{text}</span>;
        // The whole name as the link's name: "noa" alone would not say which noa.
        return (
          <Link to={rowHref(info.row.original)} aria-label={rowName(columns, info.row.original)} translate="no">
            {text}
          </Link>
        );
      },
    }));
    for (const extra of extraColumns ?? []) {
      defs.push({ id: extra.id, header: extra.header, enableSorting: false, cell: (info) => extra.cell(info.row.original) });
    }
    return defs;
  }, [columns, extraColumns, linkId, rowHref, headers, formatters]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
    // jsdom and the first paint have no layout yet: assume a typical viewport.
    initialRect: { width: 1024, height: 720 },
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const firstIndex = items[0]?.index ?? 0;
  const endIndex = virtual ? (items.at(-1)?.index ?? -1) + 1 : rows.length;
  // The table model gets only the rows in view: with 50,000 students a sort or a new list then
  // builds a few dozen row objects, not one per student.
  const windowRows = useMemo(() => rows.slice(firstIndex, endIndex), [rows, firstIndex, endIndex]);

  const sorting = useMemo(() => (sort ? [{ id: sort.columnId, desc: sort.direction === 'desc' }] : []), [sort]);
  const table = useReactTable<Row>({
    data: windowRows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    state: { sorting },
  });
  const visibleRows = table.getRowModel().rows;
  const paddingTop = virtual && items.length > 0 ? items[0]!.start : 0;
  const paddingBottom = virtual && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const columnCount = columnDefs.length;
  const stickyId = columns.find((column) => cardPlace(column.id) === 'name')?.id;

  return (
    <ScrollRegion ref={scrollRef} $bounded={virtual} role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table aria-rowcount={rows.length + 1} aria-busy={busy || undefined}>
        <caption id={captionId}>
          <VisuallyHidden>
            {sort
              ? t.sortedBy({
                  caption,
                  column: columnText(headers, columns.find((c) => c.id === sort.columnId)?.header ?? ''),
                  direction: sort.direction === 'asc' ? t.ascending : t.descending,
                })
              : caption}
          </VisuallyHidden>
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sortable = header.column.getCanSort();
                const direction = header.column.getIsSorted();
                const ariaSort: AriaSort | undefined = sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <Th key={header.id} scope="col" aria-sort={ariaSort} $sticky={header.column.id === stickyId}>
                    {sortable ? (
                      <SortButton type="button" onClick={() => onSort(header.column.id)}>
                        {label}
                        <SortArrow aria-hidden="true" $active={direction !== false}>
                          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                        </SortArrow>
                      </SortButton>
                    ) : (
                      label
                    )}
                  </Th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {visibleRows.map((row) => (
            <Tr key={row.id} aria-rowindex={firstIndex + row.index + 2}>
              {row.getVisibleCells().map((cell) => (
                <Td key={cell.id} $sticky={cell.column.id === stickyId}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Td>
              ))}
            </Tr>
          ))}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

const widths = [70, 55, 80, 60, 75];

/**
 * Placeholder rows while the list loads (hidden from assistive technology; a status says it): the
 * header and every row have the final table's heights (sort-button header, ROW_HEIGHT rows).
 */
export function SkeletonTable({ headers, rows = 5 }: { headers: readonly string[]; rows?: number }) {
  const phone = useMediaQuery(phoneQuery);
  useLoadingView();
  const texts = useMessages(rosterColumnMessages);
  if (phone) return <SkeletonCards count={rows} />;
  return (
    <ScrollRegion $bounded={false} aria-hidden="true" data-testid="skeleton-table">
      <Table>
        <thead>
          <tr>
            {headers.map((header) => (
              <Th key={header}>
                <HeaderLabel>{columnText(texts, header)}</HeaderLabel>
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <Tr key={r}>
              {headers.map((header, c) => (
                <Td key={header}>
                  <SkeletonBlock $height={14} $width={`${widths[(r + c) % widths.length]!}%`} />
                </Td>
              ))}
            </Tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}
