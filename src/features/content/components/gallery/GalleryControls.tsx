import type { ReactNode } from 'react';

/** react-image-gallery's own icon, drawn the same way (its class carries the library's look). */
function Icon({ children, viewBox = '0 0 24 24', strokeWidth = 1 }: { children: ReactNode; viewBox?: string; strokeWidth?: number }) {
  return (
    <svg className="image-gallery-svg" fill="none" stroke="currentColor" strokeLinecap="square" strokeLinejoin="miter" strokeWidth={strokeWidth} viewBox={viewBox} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/**
 * The arrow on the gallery's left or right edge (react-image-gallery's renderLeftNav/renderRightNav),
 * named in the shown language. The arrow points where its side is; what it does follows the reading
 * direction: with isRTL the library's left arrow goes to the next step, so the caller names it so.
 */
export function NavButton({ side, label, disabled, onClick }: { side: 'left' | 'right'; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className={`image-gallery-icon image-gallery-${side}-nav`} aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon viewBox="6 0 12 24">{side === 'left' ? <polyline points="15 18 9 12 15 6" /> : <polyline points="9 18 15 12 9 6" />}</Icon>
    </button>
  );
}

/** The slideshow's play/pause toggle (react-image-gallery's renderPlayPauseButton), named in the shown language. */
export function PlayPauseButton({ label, playing, onClick }: { label: string; playing: boolean; onClick: () => void }) {
  return (
    <button type="button" className="image-gallery-icon image-gallery-play-button" aria-label={label} onClick={onClick}>
      <Icon strokeWidth={2}>
        {playing ? (
          <>
            <rect height="16" width="4" x="6" y="4" />
            <rect height="16" width="4" x="14" y="4" />
          </>
        ) : (
          <polygon points="5 3 19 12 5 21 5 3" />
        )}
      </Icon>
    </button>
  );
}
