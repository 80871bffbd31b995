/** Styled building blocks shared by the roster screens (calm office look, theme-driven). */
import { Link } from 'react-router';
import styled, { css, keyframes } from 'styled-components';
import { media } from '../../shared/breakpoints';

export const Page = styled.section`
  max-width: 1280px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[7]}px;
  ${media.mobile} {
    padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[6]}px;
  }
`;

export const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  color: ${({ theme }) => theme.colors.text};
  ${media.mobile} {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export const Subtitle = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[4]}px 0;
`;

const control = css<{ $variant?: 'primary' | 'secondary' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
  cursor: pointer;
  border: 2px solid ${({ theme }) => theme.colors.accent};
  ${({ $variant = 'primary', theme }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.accent};
          color: #fff;
          &:hover {
            background: ${theme.colors.accentDark};
            border-color: ${theme.colors.accentDark};
          }
        `
      : css`
          background: ${theme.colors.surface};
          color: ${theme.colors.accent};
          &:hover {
            background: ${theme.colors.surfaceAlt};
          }
        `}
  &[aria-disabled='true'],
  &:disabled {
    opacity: 0.65;
    cursor: progress;
  }
`;

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' }>`
  ${control}
`;

export const ButtonLink = styled(Link)<{ $variant?: 'primary' | 'secondary' }>`
  ${control}
`;

export const ExternalButtonLink = styled.a<{ $variant?: 'primary' | 'secondary' }>`
  ${control}
`;

export const Card = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space[5]}px;
  ${media.mobile} {
    padding: ${({ theme }) => theme.space[4]}px;
  }
`;

export const Message = styled.div<{ $tone: 'info' | 'error' | 'success' }>`
  margin: ${({ theme }) => theme.space[3]}px 0;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  border-left: 4px solid
    ${({ $tone, theme }) => ($tone === 'error' ? theme.colors.danger : $tone === 'success' ? theme.colors.leaf : theme.colors.accent)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

export const SupportNote = styled.p`
  margin: ${({ theme }) => theme.space[4]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export { VisuallyHidden } from '../../shared/ui/VisuallyHidden';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

export const SkeletonBar = styled.span<{ $width: number }>`
  display: block;
  height: 14px;
  width: ${({ $width }) => $width}%;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.skeleton};
  animation: ${pulse} 1.4s ease-in-out infinite;
  ${media.reducedMotion} {
    animation: none;
  }
`;
