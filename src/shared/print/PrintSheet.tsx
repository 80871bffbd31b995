/**
 * A printable view: on paper only the sheets print (the app's header, menus and the view's own
 * buttons do not); on screen the same sheets show as white pages, each the shape of a sheet of paper.
 */
import type { ReactNode } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { space } from '../theme';

export const PRINT_ROOT_CLASS = 'print-root';

/** While a print view is open, printing shows it alone. */
export const PrintOnlyThis = createGlobalStyle`
  @media print {
    @page { margin: 10mm; }
    body { background: #fff !important; }
    body * { visibility: hidden; }
    .${PRINT_ROOT_CLASS}, .${PRINT_ROOT_CLASS} * { visibility: visible; }
    .${PRINT_ROOT_CLASS} { position: absolute; left: 0; top: 0; width: 100%; }
  }
`;

/** The view's buttons: on screen only. */
export const ScreenOnly = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-bottom: ${space(4)};
  @media print {
    display: none !important;
  }
`;

/**
 * One sheet: A4's width on a wide screen (Letter is near enough: the grid leaves a margin), the
 * screen's width on a phone; on paper, the printable area, one sheet a page.
 */
export const Sheet = styled.section`
  box-sizing: border-box;
  width: min(190mm, 100%);
  margin: 0 auto ${space(5)};
  padding: 6mm;
  background: #fff;
  color: #000;
  box-shadow: 0 1px 6px rgba(16, 24, 40, 0.25);
  @media print {
    width: 100%;
    margin: 0;
    padding: 0;
    box-shadow: none;
    break-after: page;
    &:last-child {
      break-after: auto;
    }
  }
`;

export function PrintRoot({ children }: { children: ReactNode }) {
  return (
    <div className={PRINT_ROOT_CLASS}>
      <PrintOnlyThis />
      {children}
    </div>
  );
}
