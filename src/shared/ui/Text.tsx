/** A page's headings. */
import styled from 'styled-components';
import { media } from '../breakpoints';

/** A page's heading: left-aligned on the office screens, centred ($centered) on the children's screens. */
export const Title = styled.h1<{ $centered?: boolean }>`
  margin: 0 0 ${({ $centered, theme }) => theme.space[$centered ? 5 : 2]}px;
  font-size: ${({ $centered, theme }) => ($centered ? theme.fontSizes.hero : theme.fontSizes.xxl)};
  color: ${({ theme }) => theme.colors.text};
  text-align: ${({ $centered }) => ($centered ? 'center' : 'start')};
  overflow-wrap: anywhere;
  ${media.mobile} {
    font-size: ${({ $centered, theme }) => ($centered ? theme.fontSizes.xxl : theme.fontSizes.xl)};
  }
`;

export const Subtitle = styled.p<{ $centered?: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: ${({ $centered }) => ($centered ? 'center' : 'start')};
`;
