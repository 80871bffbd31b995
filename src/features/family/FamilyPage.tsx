/**
 * /family: a parent's page, one card per child, and the family's own settings. Without a family
 * session on this device it sends the parent to ask for a sign-in link.
 */
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import styled from 'styled-components';
import { selectFamilySession } from '../../entities/session/sessionSelectors';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Subtitle, Title } from '../../shared/ui/Text';
import { ChildCard } from './ChildCard';
import { familyTexts } from './family.messages';
import { FamilySettings } from './FamilySettings';
import { familyActions, selectFamily } from './familySlice';

const Column = styled.section`
  max-width: 48rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[7]}px;
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  > div {
    min-width: 0;
  }
  h1,
  p {
    overflow-wrap: anywhere;
  }
`;

const Children = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
`;

export default function FamilyPage() {
  const dispatch = useAppDispatch();
  const t = useMessages(familyTexts);
  const session = useAppSelector(selectFamilySession);
  const { overview } = useAppSelector(selectFamily);
  const signedIn = session !== null;

  useEffect(() => {
    if (signedIn) dispatch(familyActions.overviewRequested());
  }, [signedIn, dispatch]);

  if (!session) return <Navigate to={paths.familySignIn.href()} replace />;

  return (
    <Column aria-labelledby="family-title">
      <Head>
        <div>
          <Title id="family-title">{t.title}</Title>
          <Subtitle>{session.parentName ? t.hello({ name: session.parentName }) : t.intro}</Subtitle>
        </div>
        <Button type="button" $variant="secondary" onClick={() => dispatch(familyActions.signOutRequested())}>
          {t.signOut}
        </Button>
      </Head>
      {overview.status === 'failed' ? (
        <LoadFailed what={t.what} error={overview.error} onRetry={() => dispatch(familyActions.overviewRequested())} />
      ) : overview.status !== 'ready' ? (
        <div aria-busy="true">
          <SkeletonBlock $height={320} role="status" aria-label={t.loading} />
        </div>
      ) : (
        <>
          {overview.value.children.length === 0 ? (
            <EmptyState>{t.noChildren}</EmptyState>
          ) : (
            <Children>
              {overview.value.children.map((child) => (
                <ChildCard key={child.studentId} child={child} />
              ))}
            </Children>
          )}
          <FamilySettings family={overview.value} />
        </>
      )}
    </Column>
  );
}
