/**
 * Data-table parts: a focusable scroll region, a sticky header row, sort buttons, and an optional
 * sticky first column ($sticky) that stays in view while the table scrolls sideways.
 */
import styled, { css } from 'styled-components';
import { media } from '../breakpoints';

export const TABLE_ROW_HEIGHT = 48;

/**
 * On a phone a table's rows become blocks of labelled lines (each cell carries its column's name in
 * data-label), so no column is cut off; the header row stays for screen readers only.
 */
export const stackedOnPhone = css`
  ${media.mobile} {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tbody,
    tfoot,
    tr {
      display: block;
    }
    tr {
      border-bottom: 2px solid ${({ theme }) => theme.colors.border};
    }
    td {
      display: grid;
      grid-template-columns: minmax(6rem, 40%) minmax(0, 1fr);
      gap: ${({ theme }) => theme.space[2]}px;
      height: auto;
      white-space: normal;
      overflow-wrap: anywhere;
      border-bottom: none;
      text-align: start;
    }
    td::before {
      content: attr(data-label);
      font-weight: ${({ theme }) => theme.fontWeights.bold};
    }
  }
`;

export const ScrollRegion = styled.div<{ $bounded: boolean }>`
  position: relative;
  overflow: auto;
  max-height: ${({ $bounded }) => ($bounded ? '70vh' : 'none')};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  -webkit-overflow-scrolling: touch;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  ${media.mobile} {
    max-height: ${({ $bounded }) => ($bounded ? '75vh' : 'none')};
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption {
    text-align: start;
  }
`;

const stickyColumn = css`
  position: sticky;
  inset-inline-start: 0;
  border-inline-end: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 4px 0 6px -4px rgba(16, 24, 40, 0.2);
  /* The shadow falls on the side the rows scroll under. */
  [dir='rtl'] & {
    box-shadow: -4px 0 6px -4px rgba(16, 24, 40, 0.2);
  }
`;

export const Th = styled.th<{ $sticky?: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${({ $sticky }) => ($sticky ? 3 : 2)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  text-align: start;
  white-space: nowrap;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  ${({ $sticky }) => $sticky && stickyColumn}
`;

export const Td = styled.td<{ $sticky?: boolean }>`
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  height: ${TABLE_ROW_HEIGHT}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $sticky }) =>
    $sticky &&
    css`
      ${stickyColumn}
      z-index: 1;
      font-weight: ${({ theme }) => theme.fontWeights.semibold};
    `}
`;

export const Tr = styled.tr`
  &:nth-child(even) td {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

export const SortButton = styled.button`
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

/** A header label with a SortButton's height and arrow room, for skeleton tables that must line up. */
export const HeaderLabel = styled.span`
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

export const SortArrow = styled.span<{ $active: boolean }>`
  display: inline-block;
  width: 1em;
  color: ${({ $active, theme }) => ($active ? theme.colors.accent : theme.colors.textMuted)};
`;
