/** Surfaces: a card, and the narrow single card of a signed-out page (sign-in). */
import styled from 'styled-components';
import { media } from '../breakpoints';

export type Accent = 'sun' | 'brand';

export const Card = styled.div<{ $accent?: Accent }>`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space[5]}px;
  border-top: ${({ $accent, theme }) => ($accent ? `8px solid ${theme.colors[$accent]}` : '0')};
  ${media.mobile} {
    padding: ${({ theme }) => theme.space[4]}px;
  }
`;

/** The one card of a signed-out page (login, password reset), centred at the narrow width. */
export const NarrowCard = styled(Card).attrs({ as: 'section', $accent: 'brand' as Accent })`
  width: 100%;
  max-width: ${({ theme }) => theme.narrowWidth};
  margin: ${({ theme }) => theme.space[6]}px auto;
  padding: ${({ theme }) => theme.space[6]}px ${({ theme }) => theme.space[5]}px;
  > h1 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    margin-bottom: ${({ theme }) => theme.space[2]}px;
  }
  @media (max-width: 360px) {
    margin: ${({ theme }) => theme.space[3]}px auto;
    padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px;
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const StudRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space[3]}px;
`;

const Stud = styled.span<{ $color: 'brand' | 'sun' | 'accent' | 'leaf' }>`
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: ${({ $color, theme }) => theme.colors[$color]};
  box-shadow: inset 0 -3px 0 rgba(0, 0, 0, 0.18);
`;

/** Four brick studs on top of a card: decoration only. */
export function Studs() {
  return (
    <StudRow aria-hidden="true">
      <Stud $color="brand" />
      <Stud $color="sun" />
      <Stud $color="accent" />
      <Stud $color="leaf" />
    </StudRow>
  );
}
