import styled, { css } from 'styled-components';
import { media } from '../../../../shared/breakpoints';
import type { StepGestures } from './useStepGestures';
import { useMessages } from '../../../../shared/i18n/messages';
import { galleryMessages } from './gallery.messages';

const Bar = styled.div<{ $fullscreen: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-block-end: ${({ theme }) => theme.space[2]}px;
  ${({ $fullscreen, theme }) =>
    $fullscreen &&
    css`
      /* On the fullscreen layer's black: a white strip, clear of the Exit button above it. */
      margin: 0 ${theme.space[2]}px ${theme.space[2]}px;
      padding: 0 ${theme.space[2]}px;
      border-radius: ${theme.radii.pill};
      background: ${theme.colors.surface};
    `}
`;

/** Large, dark on white: a child reads it from across the table. */
const Counter = styled.p`
  flex: 1 1 auto;
  min-width: 0;
  margin: 0;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.touchTarget}px;
  ${media.headerMobile} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const ZoomButtons = styled.div`
  display: flex;
  flex: none;
  gap: ${({ theme }) => theme.space[1]}px;
  margin-inline-start: auto;
`;

const ZoomButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.touchTarget}px;
  height: ${({ theme }) => theme.touchTarget}px;
  padding: 0;
  border: 2px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.accent};
  cursor: pointer;
  svg {
    width: 22px;
    height: 22px;
  }
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.sun};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: default;
    opacity: 0.45;
  }
`;

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);

const PLUS = 'M12 5v14M5 12h14';
const MINUS = 'M5 12h14';
/** A circular arrow: back to the whole picture. */
const RESET = 'M4 12a8 8 0 1 0 2.34-5.66M4 4v4h4';

/**
 * "Step 3 of 12" and the zoom buttons, above the picture (in the library's box, so in fullscreen too). The counter is a polite live region:
 * its text changes only when the step does, so that is all a screen reader hears.
 */
export function StepBar({ step, steps, zoom, showZoom, fullscreen }: { step: number; steps: number; zoom: StepGestures; showZoom: boolean; fullscreen: boolean }) {
  const t = useMessages(galleryMessages);
  return (
    <Bar $fullscreen={fullscreen} data-testid="gallery-step-bar">
      <Counter aria-live="polite" aria-atomic="true" data-testid="gallery-step-counter">
        {steps > 1 ? t.stepOf({ step, steps }) : ''}
      </Counter>
      {showZoom && (
        <ZoomButtons role="group" aria-label={t.zoom}>
          <ZoomButton type="button" aria-label={t.zoomOut} title={t.zoomOutHint} disabled={!zoom.canZoomOut} onClick={zoom.zoomOut}>
            <Icon d={MINUS} />
          </ZoomButton>
          <ZoomButton type="button" aria-label={t.zoomIn} title={t.zoomInHint} disabled={!zoom.canZoomIn} onClick={zoom.zoomIn}>
            <Icon d={PLUS} />
          </ZoomButton>
          <ZoomButton type="button" aria-label={t.resetZoom} title={t.resetZoomHint} disabled={!zoom.zoomed} onClick={zoom.resetZoom}>
            <Icon d={RESET} />
          </ZoomButton>
        </ZoomButtons>
      )}
    </Bar>
  );
}
