import { Link } from 'react-router';
import styled, { css, keyframes } from 'styled-components';
import type { ApiError } from '../../../api/types';
import { media } from '../../../shared/breakpoints';
import { failureMessage } from '../../../shared/failureMessage';
import { VisuallyHidden, visuallyHidden } from '../../../shared/ui/VisuallyHidden';

/** Small building blocks shared by the content screens: page frame, headings, states, buttons. */

export { VisuallyHidden, visuallyHidden };

export const Page = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[7]}px;
  ${media.mobile} {
    padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[6]}px;
  }
`;

export const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[5]}px;
  font-size: ${({ theme }) => theme.fontSizes.hero};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
  ${media.mobile} {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
`;

export const Grid = styled.ul<{ $min?: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[5]}px;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = 260 }) => $min}px, 1fr));
  ${media.mobile} {
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space[4]}px;
  }
`;

const buttonLook = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  min-width: ${({ theme }) => theme.touchTarget}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[5]}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.surface};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.md};
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.accentDark};
  }
`;

export const Button = styled.button`
  ${buttonLook}
`;

export const ButtonLink = styled(Link)`
  ${buttonLook}
`;

export const ExternalButtonLink = styled.a`
  ${buttonLook}
`;

const Box = styled.div`
  max-width: 32rem;
  margin: ${({ theme }) => theme.space[6]}px auto;
  padding: ${({ theme }) => theme.space[5]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;
  p {
    margin: 0 0 ${({ theme }) => theme.space[4]}px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
  }
`;

/** A calm failure: no raw error text, one way forward. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: ApiError | null; onRetry: () => void }) {
  return (
    <Box role="alert">
      <h2>We could not load {what}</h2>
      <p>{failureMessage(error)}</p>
      <Button type="button" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <Box>
      <p>{children}</p>
    </Box>
  );
}

const shimmer = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.55; }
  100% { opacity: 1; }
`;

export const SkeletonBlock = styled.div<{ $height: number; $width?: string; $radius?: string }>`
  height: ${({ $height }) => $height}px;
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ $radius, theme }) => $radius ?? theme.radii.md};
  background: ${({ theme }) => theme.colors.skeleton};
  @media (prefers-reduced-motion: no-preference) {
    animation: ${shimmer} 1.6s ease-in-out infinite;
  }
`;

export const Card = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  height: 100%;
  padding: ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  border-top: 8px solid ${({ theme }) => theme.colors.sun};
`;

/** Placeholder cards while a list loads; one status message for screen readers. */
export function SkeletonCards({ count = 6, label, imageHeight = 160 }: { count?: number; label: string; imageHeight?: number }) {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{label}…</VisuallyHidden>
      <Grid aria-hidden="true" data-testid="skeleton-cards">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <Card>
              <SkeletonBlock $height={28} $width="70%" />
              <SkeletonBlock $height={imageHeight} />
              <SkeletonBlock $height={44} $width="60%" $radius="999px" />
            </Card>
          </li>
        ))}
      </Grid>
    </div>
  );
}

/** Keeps a CMS image's box before it loads, so nothing jumps. */
export const FittedImage = styled.img<{ $ratio?: string }>`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${({ $ratio = '4 / 3' }) => $ratio};
  object-fit: contain;
`;
