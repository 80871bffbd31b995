import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectProgramById } from '../../../entities/programs/programsSelectors';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { selectLessonsLoad, selectModelCards, selectProgramAvailability, type ContentRootState, type ModelCardView } from '../contentSelectors';
import { contentActions } from '../contentSlice';
import { programLabel } from './ProgramTiles';
import { Grid, Page } from '../../../shared/ui/Layout';
import { Title } from '../../../shared/ui/Text';
import { EmptyState, LoadFailed, SkeletonCards } from '../../../shared/ui/States';
import { Tabs } from '../../../shared/ui/Tabs';
import { ButtonLink } from '../../../shared/ui/ButtonLink';

type State = ContentRootState;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  margin-bottom: ${({ theme }) => theme.space[2]}px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const WayBack = styled.p`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space[4]}px;
`;

/**
 * A program's models: tabs 'Main Models' and 'Experimental Models' when experimental models exist,
 * else one list; placeholder cards while loading, a calm failure with Try again, an empty state.
 */
export function ModelsScreen({
  programId,
  heading,
  backTo,
  backLabel,
  renderCard,
  tools,
}: {
  programId: number;
  heading: (programTitle: string | null) => string;
  backTo: string;
  backLabel: string;
  renderCard: (card: ModelCardView, position: number) => ReactNode;
  /** Under the heading, once the models are there (an owner's Prepare for class). */
  tools?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const program = useAppSelector((state: State) => selectProgramById(state, programId));
  const cards = useAppSelector((state: State) => selectModelCards(state, programId));
  const load = useAppSelector((state: State) => selectLessonsLoad(state, programId));
  const availability = useAppSelector((state: State) => selectProgramAvailability(state, programId));
  const [tab, setTab] = useState<'main' | 'experimental'>('main');

  useEffect(() => {
    if (Number.isFinite(programId)) dispatch(contentActions.modelsPageOpened({ programId }));
  }, [dispatch, programId]);

  // A hidden program (non-administrators) or one that does not exist: say so calmly, never the raw name from the address.
  if (availability === 'unavailable') {
    return (
      <Page>
        <Title $centered>This program is not available</Title>
        <EmptyState>It is not open to your account, or it no longer exists.</EmptyState>
        <WayBack>
          <ButtonLink to={backTo}>Back to {backLabel.toLowerCase()}</ButtonLink>
        </WayBack>
      </Page>
    );
  }

  const total = cards.main.length + cards.experimental.length;
  const list = (items: ModelCardView[], label: string) => (
    <Grid aria-label={label} $min={250}>
      {items.map((card, index) => (
        <li key={card.lesson.id}>{renderCard(card, index + 1)}</li>
      ))}
    </Grid>
  );

  let body: ReactNode;
  if (total > 0) {
    body =
      cards.experimental.length > 0 ? (
        <Tabs
          idPrefix={`models-${programId}`}
          label="Model groups"
          tabs={[
            { id: 'main', label: 'Main Models' },
            { id: 'experimental', label: 'Experimental Models' },
          ]}
          selectedId={tab}
          onSelect={(id) => setTab(id === 'experimental' ? 'experimental' : 'main')}
        >
          {tab === 'main'
            ? cards.main.length > 0
              ? list(cards.main, 'Main Models')
              : <EmptyState>No models here yet.</EmptyState>
            : list(cards.experimental, 'Experimental Models')}
        </Tabs>
      ) : (
        list(cards.main, 'Models')
      );
  } else if (load.status === 'failed') {
    body = <LoadFailed what="the models" error={load.error} onRetry={() => dispatch(contentActions.modelsPageOpened({ programId }))} />;
  } else if (load.status === 'succeeded') {
    body = <EmptyState>No models here yet.</EmptyState>;
  } else {
    body = <SkeletonCards label="Loading models" />;
  }

  return (
    <Page>
      <BackLink to={backTo}>← {backLabel}</BackLink>
      <Title $centered>{heading(program ? programLabel(program) : null)}</Title>
      {total > 0 && tools}
      {body}
    </Page>
  );
}
