/** The frame of every page: one width (theme.pageMaxWidth), headings, toolbars and card grids. */
import styled from 'styled-components';
import { media } from '../breakpoints';

export const Page = styled.section`
  max-width: ${({ theme }) => theme.pageMaxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[7]}px;
  ${media.mobile} {
    padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[6]}px;
  }
`;

/** A page's heading: left-aligned on the office screens, centred ($centered) on the children's screens. */
export const Title = styled.h1<{ $centered?: boolean }>`
  margin: 0 0 ${({ $centered, theme }) => theme.space[$centered ? 5 : 2]}px;
  font-size: ${({ $centered, theme }) => ($centered ? theme.fontSizes.hero : theme.fontSizes.xxl)};
  color: ${({ theme }) => theme.colors.text};
  text-align: ${({ $centered }) => ($centered ? 'center' : 'left')};
  overflow-wrap: anywhere;
  ${media.mobile} {
    font-size: ${({ $centered, theme }) => ($centered ? theme.fontSizes.xxl : theme.fontSizes.xl)};
  }
`;

export const Subtitle = styled.p<{ $centered?: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: ${({ $centered }) => ($centered ? 'center' : 'left')};
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[4]}px 0;
`;

/** A list of cards: as many columns of at least $min px as fit; one column on phones. */
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

/** Keeps a CMS image's box before it loads, so nothing jumps. */
export const FittedImage = styled.img<{ $ratio?: string }>`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${({ $ratio = '4 / 3' }) => $ratio};
  object-fit: contain;
`;
