/** Loading, empty and failure states: calm, no raw error text, one way forward. */
import { useRetryWhenOnline } from '../retryWhenOnline';
import { useLoadingView } from '../pageLoad';
import type { ReactNode } from 'react';
import type { ApiError } from '../../api/types';
import styled, { keyframes } from 'styled-components';
import { media } from '../breakpoints';
import { failureMessage } from '../failureMessage';
import { Button } from './Button';
import { Grid, Tile } from './Layout';
import { StateBox } from './StateBox';
import { VisuallyHidden } from './VisuallyHidden';
import { useMessages } from '../i18n/messages';
import { uiTexts } from '../shared.messages';

/** A calm failure: no raw error text, one way forward. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: ApiError | null; onRetry: () => void }) {
  const t = useMessages(uiTexts);
  useRetryWhenOnline(true, onRetry);
  return (
    <StateBox role="alert">
      <h2>{t.couldNotLoad({ what })}</h2>
      <p>{failureMessage(error)}</p>
      <Button type="button" onClick={onRetry}>
        {t.tryAgain}
      </Button>
    </StateBox>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <StateBox>
      <p>{children}</p>
    </StateBox>
  );
}

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.5; }
  100% { opacity: 1; }
`;

/** A grey placeholder block; $width is a CSS length (default the full width). */
export const SkeletonBlock = styled.span<{ $height: number; $width?: string; $radius?: string }>`
  display: block;
  height: ${({ $height }) => $height}px;
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ $radius, theme }) => $radius ?? theme.radii.md};
  background: ${({ theme }) => theme.colors.skeleton};
  animation: ${pulse} 1.5s ease-in-out infinite;
  ${media.reducedMotion} {
    animation: none;
  }
`;

/** Placeholder cards while a list loads; one status message for screen readers. */
export function SkeletonCards({ count = 6, label, imageHeight = 160 }: { count?: number; label: string; imageHeight?: number }) {
  const t = useMessages(uiTexts);
  useLoadingView();
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{t.loadingLabel({ label })}</VisuallyHidden>
      <Grid aria-hidden="true" data-testid="skeleton-cards">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <Tile>
              <SkeletonBlock $height={28} $width="70%" />
              <SkeletonBlock $height={imageHeight} />
              <SkeletonBlock $height={44} $width="60%" $radius="999px" />
            </Tile>
          </li>
        ))}
      </Grid>
    </div>
  );
}
