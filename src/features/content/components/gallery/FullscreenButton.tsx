import styled, { css } from 'styled-components';
import { useMessages } from '../../../../shared/i18n/messages';
import { galleryMessages } from './gallery.messages';

const Button = styled.button<{ $open: boolean }>`
  ${({ $open, theme }) =>
    $open &&
    css`
      /* Over the fullscreen layer, in the window's top corner at the end of a line (right, or left
         in Hebrew; clear of a phone's notch), with words, so a child finds the way out at any width. */
      position: fixed;
      top: max(${theme.space[2]}px, env(safe-area-inset-top));
      inset-inline-end: max(${theme.space[2]}px, env(safe-area-inset-right));
      [dir='rtl'] & {
        inset-inline-end: max(${theme.space[2]}px, env(safe-area-inset-left));
      }
      bottom: auto;
      z-index: 10;
      display: inline-flex;
      align-items: center;
      gap: ${theme.space[2]}px;
      min-width: ${theme.touchTarget}px;
      min-height: ${theme.touchTarget}px;
      padding: 0 ${theme.space[4]}px;
      border-radius: ${theme.radii.pill};
      background: ${theme.colors.surface};
      color: ${theme.colors.text};
      font-weight: ${theme.fontWeights.bold};
      filter: none;
      .image-gallery-svg {
        width: 20px;
        height: 20px;
      }
    `}
`;

const MAXIMIZE = 'M8 3H5a2 2 0 0 0-2 2v3m18 0V5a2 2 0 0 0-2-2h-3m0 18h3a2 2 0 0 0 2-2v-3M3 16v3a2 2 0 0 0 2 2h3';
const MINIMIZE = 'M8 3v3a2 2 0 0 1-2 2H3m18 0h-3a2 2 0 0 1-2-2V3m0 18v-3a2 2 0 0 1 2-2h3M3 16h3a2 2 0 0 1 2 2v3';

/**
 * The gallery's fullscreen toggle (react-image-gallery's renderFullscreenButton). The library's own
 * is named 'Open Fullscreen' even while it closes; this one says what it does. One element in both
 * states, so the keyboard focus stays on it.
 */
export function FullscreenButton({ open, onClick }: { open: boolean; onClick: () => void }) {
  const t = useMessages(galleryMessages);
  return (
    <Button
      type="button"
      className="image-gallery-icon image-gallery-fullscreen-button"
      aria-label={open ? t.exitFullscreen : t.openFullscreen}
      data-testid="gallery-fullscreen-button"
      $open={open}
      onClick={onClick}
    >
      <svg className="image-gallery-svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={open ? MINIMIZE : MAXIMIZE} />
      </svg>
      {open && <span aria-hidden="true">{t.exit}</span>}
    </Button>
  );
}
