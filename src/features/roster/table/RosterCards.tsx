/**
 * The roster on a phone: one card per row with the name and what matters at a glance (see
 * cardPlaces); the rest opens under a "More details" disclosure button. A sort menu stands in for
 * the header buttons. Above a hundred rows only the cards in view are in
 * the DOM (@tanstack/react-virtual, measuring each card, as an opened card is taller).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '../../../shared/ui/Button';
import { SkeletonBlock } from '../../../shared/ui/States';
import { ScrollRegion } from '../../../shared/ui/Table';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { cardPlace } from './cardPlaces';
import { displayCell } from './formatting';
import { VIRTUALIZE_ABOVE, type RosterTableProps } from './rosterTableProps';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { rosterMessages } from '../roster.messages';
import { columnText, rosterColumnMessages } from './rosterColumns.messages';
const ESTIMATED_CARD_HEIGHT = 190;

const List = styled.ul<{ $height: number | null }>`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space[2]}px;
  position: relative;
  ${({ $height }) => $height !== null && `height: ${$height}px;`}
`;

const Item = styled.li`
  padding: ${({ theme }) => theme.space[1]}px 0;
`;

const CardBox = styled.article`
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(6.5rem, auto) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[3]}px;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
  & + & {
    margin-top: ${({ theme }) => theme.space[1]}px;
  }
`;

/** A dt and its dd: a valid child of dl that leaves the pair in the dl's grid. */
const Fact = styled.div`
  display: contents;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-top: ${({ theme }) => theme.space[2]}px;
`;

const SortBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-bottom: ${({ theme }) => theme.space[3]}px;
  label {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[1]}px;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    flex: 1 1 12rem;
  }
  select {
    min-height: ${({ theme }) => theme.touchTarget}px;
    padding: 0 ${({ theme }) => theme.space[2]}px;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

function FactList<Row>({ id, columns, row }: { id?: string; columns: RosterTableProps<Row>['columns']; row: Row }) {
  const headers = useMessages(rosterColumnMessages);
  const formatters = useFormatters();
  return (
    <Facts id={id}>
      {columns.map((column) => {
        const value = column.value(row);
        const empty = column.empty?.(row);
        if (column.word && value !== '') {
          return (
            <Fact key={column.id}>
              <dt>{columnText(headers, column.header)}</dt>
              <dd>{columnText(headers, String(value))}</dd>
            </Fact>
          );
        }
        return (
          <Fact key={column.id}>
            <dt>{columnText(headers, column.header)}</dt>
            {/* A value is people's data or already written for the language (dates, numbers): never translated. */}
            <dd translate={value === '' ? undefined : 'no'} dir={value === '' ? undefined : 'auto'}>{displayCell(value, column.kind, empty && columnText(headers, empty), formatters)}</dd>
          </Fact>
        );
      })}
    </Facts>
  );
}

export function RosterCards<Row>({ caption, columns, rows, sort, onSort, getRowId, extraColumns, busy = false, rowHref }: RosterTableProps<Row>) {
  const listId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: 4,
    enabled: virtual,
    initialRect: { width: 375, height: 640 },
    // Measured, as an opened card is taller; no layout yet (first paint, jsdom) keeps the estimate.
    measureElement: (element) => element.getBoundingClientRect().height || ESTIMATED_CARD_HEIGHT,
  });

  const nameColumns = columns.filter((column) => cardPlace(column.id) === 'name');
  const summaryColumns = columns.filter((column) => cardPlace(column.id) === 'summary');
  const detailColumns = columns.filter((column) => cardPlace(column.id) === undefined);
  const sortable = columns.filter((column) => column.sortable);
  const sortedColumn = sort ? columns.find((column) => column.id === sort.columnId) : undefined;
  const t = useMessages(rosterMessages);
  const headers = useMessages(rosterColumnMessages);

  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const card = (row: Row) => {
    const id = getRowId(row);
    const open = openIds.has(id);
    const name = nameColumns.map((column) => String(column.value(row))).join(' ');
    const titleId = `${listId}-${id}-name`;
    const detailsId = `${listId}-${id}-details`;
    return (
      <CardBox aria-labelledby={titleId}>
        <h2 id={titleId} translate="no">
          {rowHref ? <Link to={rowHref(row)}>{name}</Link> : name}
        </h2>
        <FactList columns={summaryColumns} row={row} />
        {open && <FactList id={detailsId} columns={detailColumns} row={row} />}
        <Actions>
          {detailColumns.length > 0 && (
            <Button type="button" $variant="secondary" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={() => toggle(id)}>
              {open ? t.fewerDetails : t.moreDetails}
              <VisuallyHidden>{t.aboutRow({ name })}</VisuallyHidden>
            </Button>
          )}
          {extraColumns?.map((extra) => (
            <Fragment key={extra.id}>{extra.cell(row)}</Fragment>
          ))}
        </Actions>
      </CardBox>
    );
  };

  const items = virtual ? virtualizer.getVirtualItems() : [];
  return (
    <>
      {sortable.length > 0 && (
        <SortBar>
          <label>
            {t.sortBy}
            <select value={sort?.columnId ?? ''} onChange={(event) => event.target.value && onSort(event.target.value)}>
              {!sort && <option value="">{t.chooseColumn}</option>}
              {sortable.map((column) => (
                <option key={column.id} value={column.id}>
                  {columnText(headers, column.header)}
                </option>
              ))}
            </select>
          </label>
          {sort && sortedColumn && (
            <Button type="button" $variant="secondary" onClick={() => onSort(sort.columnId)} 
              aria-label={t.reverseSort({ column: columnText(headers, sortedColumn.header), direction: sort.direction === 'asc' ? t.ascending : t.descending })}
            >
              {sort.direction === 'asc' ? t.ascendingButton : t.descendingButton}
            </Button>
          )}
        </SortBar>
      )}
      <ScrollRegion ref={scrollRef} $bounded={virtual} role={virtual ? 'region' : undefined} aria-label={virtual ? caption : undefined} tabIndex={virtual ? 0 : undefined}>
        <List aria-label={caption} aria-busy={busy || undefined} $height={virtual ? virtualizer.getTotalSize() : null}>
          {virtual
            ? items.map((item) => (
                <Item
                  key={getRowId(rows[item.index]!)}
                  data-index={item.index}
                  aria-posinset={item.index + 1}
                  aria-setsize={rows.length}
                  ref={virtualizer.measureElement}
                  style={{ position: 'absolute', top: 0, insetInlineStart: 8, insetInlineEnd: 8, transform: `translateY(${item.start}px)` }}
                >
                  {card(rows[item.index]!)}
                </Item>
              ))
            : rows.map((row) => <Item key={getRowId(row)}>{card(row)}</Item>)}
        </List>
      </ScrollRegion>
    </>
  );
}

/** Placeholder cards while the list loads (hidden from assistive technology; a status says it). */
export function SkeletonCards({ count }: { count: number }) {
  return (
    <List $height={null} aria-hidden="true" data-testid="skeleton-table">
      {Array.from({ length: count }, (_, i) => (
        <Item key={i}>
          <CardBox>
            <SkeletonBlock $height={24} $width="60%" />
            <Facts>
              {[40, 55, 50, 30].map((width) => (
                <Fact key={width}>
                  <dt>
                    <SkeletonBlock $height={14} $width="80%" />
                  </dt>
                  <dd>
                    <SkeletonBlock $height={14} $width={`${width}%`} />
                  </dd>
                </Fact>
              ))}
            </Facts>
          </CardBox>
        </Item>
      ))}
    </List>
  );
}
