import type { StoreState } from '../../../shared/storeHooks';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectProgramById } from '../../../entities/programs/programsSelectors';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { selectLessonsLoad, selectModelCards, selectProgramAvailability, type ModelCardView } from '../contentSelectors';
import { contentActions } from '../contentSlice';
import { programLabel } from './ProgramTiles';
import { Grid, Page } from '../../../shared/ui/Layout';
import { Title } from '../../../shared/ui/Text';
import { EmptyState, LoadFailed, SkeletonCards } from '../../../shared/ui/States';
import { Tabs } from '../../../shared/ui/Tabs';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useMessages } from '../../../shared/i18n/messages';
import { modelListMessages } from '../content.messages';

type State = StoreState;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  margin-block-end: ${({ theme }) => theme.space[2]}px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

/** Points back: to the right when the page reads from right to left. */
const BackArrow = styled.span`
  display: inline-block;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;

const WayBack = styled.p`
  display: flex;
  justify-content: center;
  margin-block-start: ${({ theme }) => theme.space[4]}px;
`;

/**
 * A program's models: tabs 'Main Models' and 'Experimental Models' when experimental models exist,
 * else one list; placeholder cards while loading, a calm failure with Try again, an empty state.
 */
export function ModelsScreen({
  programId,
  heading,
  backTo,
  renderCard,
  tools,
}: {
  programId: number;
  heading: (programTitle: string | null) => string;
  backTo: string;
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
  const t = useMessages(modelListMessages);

  useEffect(() => {
    if (!Number.isFinite(programId)) return undefined;
    dispatch(contentActions.modelsPageOpened({ programId }));
    return () => {
      dispatch(contentActions.modelsPageClosed({ programId }));
    };
  }, [dispatch, programId]);

  // A hidden program (non-administrators) or one that does not exist: say so calmly, never the raw name from the address.
  if (availability === 'unavailable') {
    return (
      <Page>
        <Title $centered>{t.notAvailableTitle}</Title>
        <EmptyState>{t.notAvailableText}</EmptyState>
        <WayBack>
          <ButtonLink to={backTo}>{t.backToAllPrograms}</ButtonLink>
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
          label={t.modelGroups}
          tabs={[
            { id: 'main', label: t.mainModels },
            { id: 'experimental', label: t.experimentalModels },
          ]}
          selectedId={tab}
          onSelect={(id) => setTab(id === 'experimental' ? 'experimental' : 'main')}
        >
          {tab === 'main'
            ? cards.main.length > 0
              ? list(cards.main, t.mainModels)
              : <EmptyState>{t.noModels}</EmptyState>
            : list(cards.experimental, t.experimentalModels)}
        </Tabs>
      ) : (
        list(cards.main, t.models)
      );
  } else if (load.status === 'failed') {
    body = <LoadFailed what={t.modelsWhat} error={load.error} onRetry={() => dispatch(contentActions.modelsPageOpened({ programId }))} />;
  } else if (load.status === 'succeeded') {
    body = <EmptyState>{t.noModels}</EmptyState>;
  } else {
    body = <SkeletonCards label={t.loadingModels} />;
  }

  return (
    <Page>
      <BackLink to={backTo}>
        <BackArrow aria-hidden="true">←</BackArrow> {t.allPrograms}
      </BackLink>
      <Title $centered>{heading(program ? programLabel(program) : null)}</Title>
      {total > 0 && tools}
      {body}
    </Page>
  );
}
