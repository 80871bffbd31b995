import { Link } from 'react-router';
import styled from 'styled-components';
import type { Program } from '../../../api/types';
import { media } from '../../../shared/breakpoints';
import { useLoadingView } from '../../../shared/pageLoad';
import { SkeletonBlock } from '../../../shared/ui/States';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { useMessages } from '../../../shared/i18n/messages';
import { programListMessages } from '../content.messages';

const cssUrl = (url: string) => `url("${url.replace(/["\\\n]/g, (c) => `\\${c}`)}")`;

/**
 * Tiles of one size, centred: a short list (three or four programs) sits in the middle of a wide
 * screen instead of hugging its left edge, and a last odd tile is centred under the others.
 */
const TileGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[5]}px;
  > li {
    flex: 0 1 320px;
    min-width: 260px;
  }
  ${media.mobile} {
    gap: ${({ theme }) => theme.space[4]}px;
    > li {
      flex-basis: 100%;
      min-width: 0;
    }
  }
`;

const TileLink = styled(Link)<{ $background: string | null }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  height: 100%;
  min-height: 220px;
  padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  background-color: ${({ theme }) => theme.colors.accent};
  background-image: ${({ $background }) => ($background ? cssUrl($background) : 'none')};
  background-size: cover;
  background-position: center;
  text-decoration: none;
  overflow: hidden;
  @media (prefers-reduced-motion: no-preference) {
    transition: transform 0.15s ease, box-shadow 0.15s ease;
    &:hover {
      transform: translateY(-3px);
    }
  }
  &:hover {
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
  &:focus-visible {
    outline-offset: 4px;
  }
  ${media.mobile} {
    min-height: 180px;
  }
`;

const Logo = styled.img`
  display: block;
  width: auto;
  max-width: 80%;
  height: 120px;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.mobile} {
    height: 96px;
  }
`;

const Name = styled.span`
  display: block;
  width: 100%;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-align: center;
`;

const HiddenBadge = styled.span`
  position: absolute;
  top: ${({ theme }) => theme.space[2]}px;
  inset-inline-end: ${({ theme }) => theme.space[2]}px;
  padding: 2px ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const programLabel = (program: Program) => program.displayTitle || program.title;

/** Big colourful program tiles: the program's background, its logo and its name. */
export function ProgramTiles({
  programs,
  linkTo,
  listLabel,
}: {
  programs: Program[];
  linkTo: (program: Program) => string;
  listLabel: string;
}) {
  const t = useMessages(programListMessages);
  return (
    <TileGrid aria-label={listLabel}>
      {programs.map((program) => (
        <li key={program.id}>
          <TileLink to={linkTo(program)} $background={program.mobileBackground ?? program.desktopBackground}>
            {program.hidden && (
              <HiddenBadge>
                {t.hiddenBadge}
                <VisuallyHidden> {t.hiddenMeaning}</VisuallyHidden>
              </HiddenBadge>
            )}
            {!program.hidden && program.forTeachers && (
              <HiddenBadge>
                {t.teachersOnly}
                <VisuallyHidden> {t.teachersMeaning}</VisuallyHidden>
              </HiddenBadge>
            )}
            {program.enrolled && <HiddenBadge>{t.yourProgram}</HiddenBadge>}
            {program.logo ? <Logo src={program.logo} alt="" width={160} height={120} /> : <span />}
            <Name translate="no" dir="auto">
              {programLabel(program)}
            </Name>
          </TileLink>
        </li>
      ))}
    </TileGrid>
  );
}

export function ProgramTilesSkeleton({ label }: { label: string }) {
  useLoadingView();
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{label}…</VisuallyHidden>
      <TileGrid aria-hidden="true" data-testid="skeleton-cards">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <SkeletonBlock $height={220} $radius="16px" />
          </li>
        ))}
      </TileGrid>
    </div>
  );
}
