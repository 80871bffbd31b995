/**
 * The one button look, as a button, a router link or an external link. Variants: primary (filled
 * blue), secondary (outlined), brand (filled brick red, the sign-in screens' main action).
 */
import { Link } from 'react-router';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'brand';
interface ButtonLookProps {
  $variant?: ButtonVariant;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.accent};
    border-color: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.surface};
    &:hover {
      background: ${({ theme }) => theme.colors.accentDark};
      border-color: ${({ theme }) => theme.colors.accentDark};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.accent};
    &:hover {
      background: ${({ theme }) => theme.colors.surfaceAlt};
    }
  `,
  brand: css`
    background: ${({ theme }) => theme.colors.brand};
    border-color: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.surface};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    &:hover {
      background: ${({ theme }) => theme.colors.brandDark};
      border-color: ${({ theme }) => theme.colors.brandDark};
    }
  `,
} as const;

export const buttonLook = css<ButtonLookProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  min-width: ${({ theme }) => theme.touchTarget}px;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[5]}px;
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &[aria-disabled='true'],
  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
`;

export const Button = styled.button<ButtonLookProps>`
  ${buttonLook}
`;

export const ButtonLink = styled(Link)<ButtonLookProps>`
  ${buttonLook}
`;

export const ExternalButtonLink = styled.a<ButtonLookProps>`
  ${buttonLook}
`;
