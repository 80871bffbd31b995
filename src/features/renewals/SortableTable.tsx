/**
 * The renewals' and the report's table: sort buttons in the headers (aria-sort on their th), a
 * focusable labelled scroll region, and on a phone each row as a block of labelled lines, so that
 * nothing is cut off and nothing scrolls sideways.
 */
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../shared/breakpoints';
import { ScrollRegion, SortArrow, SortButton, stackedOnPhone, Table, Td, Th, Tr } from '../../shared/ui/Table';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import type { SortState } from './renewalsSlice';

export interface TableColumn<Row> {
  id: string;
  header: string;
  sortable: boolean;
  cell: (row: Row) => ReactNode;
  /** Numbers line up at the end of their cell. */
  numeric?: boolean;
}

const Stacked = styled(Table)`
  td[data-numeric='true'],
  th[data-numeric='true'] {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  tfoot td {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    border-top: 2px solid ${({ theme }) => theme.colors.border};
  }
  ${stackedOnPhone}
  ${media.mobile} {
    tr {
      padding: ${({ theme }) => theme.space[1]}px 0;
    }
    td {
      min-height: 0;
    }
    td[data-numeric='true'] {
      text-align: start;
    }
  }
`;

interface Props<Row> {
  /** Says what the table is; with the sort, what a screen reader hears first. */
  caption: string;
  sortedCaption: (column: string, direction: SortState['direction']) => string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort: SortState | null;
  onSort: (columnId: string) => void;
  /** A last row that stays under the sorted ones (the totals). */
  footer?: Row;
}

export function SortableTable<Row>({ caption, sortedCaption, columns, rows, rowKey, sort, onSort, footer }: Props<Row>) {
  const captionId = useId();
  const sortedColumn = sort ? columns.find((column) => column.id === sort.columnId) : undefined;
  const cells = (row: Row) =>
    columns.map((column) => (
      <Td key={column.id} data-label={column.header} data-numeric={column.numeric === true}>
        {column.cell(row)}
      </Td>
    ));
  return (
    <ScrollRegion $bounded={false} role="region" aria-labelledby={captionId} tabIndex={0}>
      <Stacked>
        <caption id={captionId}>
          <VisuallyHidden>{sort && sortedColumn ? sortedCaption(sortedColumn.header, sort.direction) : caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const direction = sort?.columnId === column.id ? sort.direction : null;
              return (
                <Th
                  key={column.id}
                  scope="col"
                  data-numeric={column.numeric === true}
                  aria-sort={column.sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                >
                  {column.sortable ? (
                    <SortButton type="button" onClick={() => onSort(column.id)}>
                      {column.header}
                      <SortArrow aria-hidden="true" $active={direction !== null}>
                        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                      </SortArrow>
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </Th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Tr key={rowKey(row)}>{cells(row)}</Tr>
          ))}
        </tbody>
        {footer !== undefined && (
          <tfoot>
            <tr>{cells(footer)}</tr>
          </tfoot>
        )}
      </Stacked>
    </ScrollRegion>
  );
}
