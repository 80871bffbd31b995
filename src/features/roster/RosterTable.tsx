/**
 * The roster table: @tanstack/react-table renders what the store sorted (manual sorting), sort
 * headers are buttons with aria-sort on their th, the header sticks while scrolling, and above a
 * hundred rows only the visible rows are in the DOM (@tanstack/react-virtual). The table sits in a
 * focusable, labelled scroll region, so it scrolls sideways on a phone with touch or keyboard.
 */
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../shared/breakpoints';
import { displayCell } from './formatting';
import type { RosterColumn } from './rosterColumns';
import type { SortState } from './sorting';
import { SkeletonBar, VisuallyHidden } from './ui';

export const VIRTUALIZE_ABOVE = 100;
const ROW_HEIGHT = 48;

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
  extraColumn?: ExtraColumn<Row>;
  busy?: boolean;
}

const Region = styled.div<{ $virtual: boolean }>`
  position: relative;
  overflow: auto;
  max-height: ${({ $virtual }) => ($virtual ? '70vh' : 'none')};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  -webkit-overflow-scrolling: touch;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  ${media.mobile} {
    max-height: ${({ $virtual }) => ($virtual ? '75vh' : 'none')};
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption {
    text-align: left;
  }
`;

const Th = styled.th`
  position: sticky;
  top: 0;
  z-index: 1;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  text-align: left;
  white-space: nowrap;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[1]}px;
  margin: 0 -${({ theme }) => theme.space[1]}px;
  border: 0;
  background: none;
  font: inherit;
  color: inherit;
  cursor: pointer;
  white-space: nowrap;
  &:hover {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

/** The skeleton's header label: the height and arrow room of a SortButton, so the rows line up when the table arrives. */
const HeaderLabel = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  white-space: nowrap;
  &::after {
    content: '';
    display: inline-block;
    width: 1em;
  }
`;

const Arrow = styled.span<{ $active: boolean }>`
  display: inline-block;
  width: 1em;
  color: ${({ $active, theme }) => ($active ? theme.colors.accent : theme.colors.textMuted)};
`;

const Td = styled.td`
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  height: ${ROW_HEIGHT}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
`;

const Tr = styled.tr`
  &:nth-child(even) td {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

type AriaSort = 'ascending' | 'descending' | 'none';

export function RosterTable<Row>({ caption, columns, rows, sort, onSort, getRowId, extraColumn, busy = false }: RosterTableProps<Row>) {
  const captionId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALIZE_ABOVE;

  const columnDefs = useMemo<ColumnDef<Row>[]>(() => {
    const defs: ColumnDef<Row>[] = columns.map((column) => ({
      id: column.id,
      header: column.header,
      accessorFn: (row: Row) => column.value(row),
      enableSorting: column.sortable,
      cell: (info) => displayCell(column.value(info.row.original), column.kind),
    }));
    if (extraColumn) {
      defs.push({ id: extraColumn.id, header: extraColumn.header, enableSorting: false, cell: (info) => extraColumn.cell(info.row.original) });
    }
    return defs;
  }, [columns, extraColumn]);

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

  return (
    <Region ref={scrollRef} $virtual={virtual} role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table aria-rowcount={rows.length + 1} aria-busy={busy || undefined}>
        <caption id={captionId}>
          <VisuallyHidden>
            {caption}
            {sort ? `, sorted by ${columns.find((c) => c.id === sort.columnId)?.header ?? ''} ${sort.direction === 'asc' ? 'ascending' : 'descending'}` : ''}
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
                  <Th key={header.id} scope="col" aria-sort={ariaSort}>
                    {sortable ? (
                      <SortButton type="button" onClick={() => onSort(header.column.id)}>
                        {label}
                        <Arrow aria-hidden="true" $active={direction !== false}>
                          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                        </Arrow>
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
                <Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Td>
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
    </Region>
  );
}

const widths = [70, 55, 80, 60, 75];

/**
 * Placeholder rows while the list loads (hidden from assistive technology; a status says it): the
 * header and every row have the final table's heights (sort-button header, ROW_HEIGHT rows).
 */
export function SkeletonTable({ headers, rows = 5 }: { headers: readonly string[]; rows?: number }) {
  return (
    <Region $virtual={false} aria-hidden="true" data-testid="skeleton-table">
      <Table>
        <thead>
          <tr>
            {headers.map((header) => (
              <Th key={header}>
                <HeaderLabel>{header}</HeaderLabel>
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <Tr key={r}>
              {headers.map((header, c) => (
                <Td key={header}>
                  <SkeletonBar $width={widths[(r + c) % widths.length]!} />
                </Td>
              ))}
            </Tr>
          ))}
        </tbody>
      </Table>
    </Region>
  );
}
