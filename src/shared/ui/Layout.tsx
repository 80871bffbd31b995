/**
 * Page layout: the frame of every page (one width, theme.pageMaxWidth), a row of buttons, a grid
 * of fields, a grid of cards and their tiles, a list without marks, small print under a list.
 */
import styled from 'styled-components';
import { media } from '../breakpoints';
import { Card, type Accent } from './Card';

export const Page = styled.section`
  max-width: ${({ theme }) => theme.pageMaxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[7]}px;
  ${media.mobile} {
    padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[6]}px;
  }
`;

/** A list without marks or indent, its items a grid with a gap of theme.space[$gap] (2 unless told); `as="ol"` where the order counts. */
export const PlainList = styled.ul<{ $gap?: 1 | 2 | 3 | 4 | 5 }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme, $gap = 2 }) => theme.space[$gap]}px;
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

/** A card of a grid (programs, models, lesson plans): centred column, bright top edge. */
export const Tile = styled(Card).attrs({ $accent: 'sun' as Accent })`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  height: 100%;
  padding: ${({ theme }) => theme.space[4]}px;
  ${media.mobile} {
    padding: ${({ theme }) => theme.space[4]}px;
  }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[4]}px 0;
`;

export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[5]}px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const SupportNote = styled.p`
  margin: ${({ theme }) => theme.space[4]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
