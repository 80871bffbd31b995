/** /studio: every program in order, with its status; reorder, choose who sees each, create, delete, act on several at once; the students' programs setting. */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Subtitle, Title } from '../../shared/ui/Text';
import { ProgramAudienceChoice } from './components/ProgramAudienceChoice';
import { BulkBar, SelectAll, SelectBox, useBulkSelection } from './components/BulkActions';
import { SortableList } from './components/SortableList';
import { StudentProgramsSetting } from './components/StudentProgramsSetting';
import { StudioDeleteDialog, StatusBadge  } from './components/StudioParts';
import { StudioFrame } from './components/StudioFrame';
import { CreateByTitle, useCreateTitle } from './components/CreateByTitle';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { selectCatalogueStatus, selectStudio, selectStudioPrograms, studioFailure } from './studioSelectors';
import { studioActions } from './studioSlice';
import { useMessages } from '../../shared/i18n/messages';
import { studioBulkMessages, studioMessages } from './studio.messages';

const Name = styled.div`
  flex: 1 1 12rem;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  a {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    color: ${({ theme }) => theme.colors.accent};
    overflow-wrap: anywhere;
  }
`;

export default function StudioProgramsPage() {
  return (
    <StudioFrame>
      <ProgramsList />
    </StudioFrame>
  );
}

function ProgramsList() {
  const dispatch = useAppDispatch();
  const programs = useAppSelector(selectStudioPrograms);
  const { status, error } = useAppSelector(selectCatalogueStatus);
  const { orderNotice, creating } = useAppSelector(selectStudio).content;
  const newProgram = useCreateTitle(creating);
  const [deleting, setDeleting] = useState<number | null>(null);
  const t = useMessages(studioMessages);
  const tb = useMessages(studioBulkMessages);
  const programIds = useMemo(() => programs.map((program) => program.id), [programs]);
  const selection = useBulkSelection('programs', programIds);
  const titles = useMemo(() => Object.fromEntries(programs.map((program) => [program.id, program.title])), [programs]);
  useEffect(() => void dispatch(studioActions.catalogueRequested()), [dispatch]);

  const toDelete = programs.find((program) => program.id === deleting);
  // The program is gone once the server agreed: close the question.
  useEffect(() => {
    if (deleting !== null && !toDelete) setDeleting(null);
  }, [deleting, toDelete]);

  return (
    <>
      <Title>{t.title}</Title>
      <Subtitle>{t.subtitle}</Subtitle>
      <CreateByTitle id="new-program-title" label={t.newProgramTitle} form={newProgram} onCreate={(title) => dispatch(studioActions.createProgramRequested({ title }))} />
      <LeaveGuard unsaved={newProgram.unsaved} saving={newProgram.saving} />
      {creating.error && (
        <Message $tone="error" role="alert">
          <p>{t.programNotCreated({ reason: studioFailure(creating.error) })}</p>
        </Message>
      )}
      {orderNotice && (
        <Message $tone="error" role="alert">
          <p>{t[orderNotice]}</p>
        </Message>
      )}
      {status === 'loading' && (
        <div aria-busy="true" role="status" aria-label={t.loadingPrograms}>
          <SkeletonBlock $height={56} />
          <br />
          <SkeletonBlock $height={56} />
        </div>
      )}
      {status === 'failed' && <LoadFailed what={t.programsWhat} error={error} onRetry={() => dispatch(studioActions.catalogueRequested())} />}
      {status === 'ready' && programs.length === 0 && <EmptyState>{t.noPrograms}</EmptyState>}
      {programs.length > 0 && <SelectAll count={selection.selected.length} total={programs.length} onChange={selection.setAll} />}
      <BulkBar scope="programs" selected={selection.selected} titles={titles} onClear={() => selection.setAll(false)} />
      {programs.length > 0 && (
        <SortableList items={programs.map((program) => ({ ...program, label: program.title }))} label={t.kindProgram} onReorder={(ids, previousIds) => dispatch(studioActions.programsReordered({ ids, previousIds }))}>
          {(program) => (
            <>
              <SelectBox>
                <input type="checkbox" aria-label={tb.selectNamed({ title: program.title || t.noTitle })} checked={selection.isSelected(program.id)} onChange={(event) => selection.toggle(program.id, event.target.checked)} />
              </SelectBox>
              <Name>
                {program.title ? (
                  <Link to={paths.studioProgram.href({ programId: program.id })} translate="no">
                    {program.title}
                  </Link>
                ) : (
                  <Link to={paths.studioProgram.href({ programId: program.id })}>{t.noTitle}</Link>
                )}
                <span>
                  <StatusBadge status={program.status} hasDraft={program.hasDraft} /> {t.modelCount(program.models.length)}
                </span>
              </Name>
              <ProgramAudienceChoice program={program} />
              <Button type="button" $variant="secondary" onClick={() => setDeleting(program.id)} aria-label={t.deleteNamed({ title: program.title })}>
                {t.delete}
              </Button>
            </>
          )}
        </SortableList>
      )}
      <StudentProgramsSetting />
      {toDelete && <StudioDeleteDialog kind="program" id={toDelete.id} title={toDelete.title} models={toDelete.models.length} onCancel={() => setDeleting(null)} />}
    </>
  );
}
