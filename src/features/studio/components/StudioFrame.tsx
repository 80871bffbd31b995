/**
 * Every studio screen: it brings the studio's state and flows into the store, says so plainly
 * where the backend has no studio (a plain WordPress site), and shows the studio's own links.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { selectCapabilities, selectCapabilitiesKnown } from '../../../entities/config/configSlice';
import { paths } from '../../../shared/paths';
import { useAppSelector } from '../../../shared/storeHooks';
import { Page } from '../../../shared/ui/Layout';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { EmptyState } from '../../../shared/ui/States';
import { useMessages } from '../../../shared/i18n/messages';
import { studioMessages } from '../studio.messages';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]}px;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  a {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    min-height: ${({ theme }) => theme.touchTarget}px;
    display: inline-flex;
    align-items: center;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
`;

export function StudioFrame({ children }: { children: ReactNode }) {
  const known = useAppSelector(selectCapabilitiesKnown);
  const { contentStudio } = useAppSelector(selectCapabilities);
  const t = useMessages(studioMessages);
  if (!known) return <PageLoading label={t.checkingSite} />;
  return (
    <Page>
      <Nav aria-label={t.navLabel}>
        <NavLink to={paths.studio.href()} end>
          {t.navPrograms}
        </NavLink>
        <NavLink to={paths.studioImport.href()}>{t.navImport}</NavLink>
        <NavLink to={paths.studioTrash.href()}>{t.navTrash}</NavLink>
      </Nav>
      {contentStudio ? children : <EmptyState>{t.noStudio}</EmptyState>}
    </Page>
  );
}
