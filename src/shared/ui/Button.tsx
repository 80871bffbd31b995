/**
 * The one button look (links that look like buttons: ButtonLink.tsx). Variants: primary (filled
 * blue), secondary (outlined), brand (filled brick red, the sign-in screens' main action).
 */
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'brand';
export interface ButtonLookProps {
  $variant?: ButtonVariant;
}

/** Filled variants: their colour and its hover shade. */
const fills = { primary: ['accent', 'accentDark'], brand: ['brand', 'brandDark'] } as const;

export const buttonLook = css<ButtonLookProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  min-width: ${({ theme }) => theme.touchTarget}px;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[5]}px;
  border: 2px solid;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  ${({ $variant = 'primary', theme }) => {
    const { colors } = theme;
    if ($variant === 'secondary') return `background:${colors.surface};border-color:${colors.accent};color:${colors.accent};&:hover{background:${colors.surfaceAlt}}`;
    const [fill, hover] = fills[$variant];
    return `background:${colors[fill]};border-color:${colors[fill]};color:${colors.surface};&:hover{background:${colors[hover]};border-color:${colors[hover]}}`;
  }}
  ${({ $variant, theme }) => $variant === 'brand' && `font-size: ${theme.fontSizes.lg};`}
  &[aria-disabled='true'],
  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
`;

export const Button = styled.button<ButtonLookProps>`
  ${buttonLook}
`;
