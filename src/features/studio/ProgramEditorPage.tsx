/** /studio/programs/:programId: a program's fields and pictures, its models (main and experimental). */
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StudioModelSummary, StudioProgram } from '../../../contract/studio';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { FormField, TextField } from '../../shared/ui/Field';
import { FormGrid } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { PageLoading } from '../../shared/ui/PageLoading';
import { EmptyState, LoadFailed } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { AudienceSelect } from './components/AudienceSelect';
import { MediaField } from './components/MediaField';
import { BulkBar, SelectBox, useBulkSelection } from './components/BulkActions';
import { SortableList } from './components/SortableList';
import { StudioDeleteDialog, EditorActions, StatusBadge  } from './components/StudioParts';
import { StudioFrame } from './components/StudioFrame';
import { StudioLeaveGuard } from './components/StudioLeaveGuard';
import { LazyHistoryPanel } from './components/LazyHistoryPanel';
import type { ProgramForm, ProgramMediaField } from './model/forms';
import { CreateByTitle, useCreateTitle, type CreateTitle } from './components/CreateByTitle';
import { BackArrow, Check, Section, TextArea } from './components/StudioLayout';
import { selectEditor, selectProgramForm, selectStudio, selectStudioProgram, studioFailure } from './studioSelectors';
import { studioActions } from './studioSlice';
import { useMessages } from '../../shared/i18n/messages';
import { studioBulkMessages, studioMessages } from './studio.messages';

const mediaFields: ProgramMediaField[] = ['logo', 'longImage', 'desktopBackground', 'mobileBackground'];

export default function ProgramEditorPage() {
  const id = Number(useParams().programId);
  return (
    <StudioFrame>
      <ProgramEditor key={id} id={id} />
    </StudioFrame>
  );
}

function ProgramEditor({ id }: { id: number }) {
  const dispatch = useAppDispatch();
  const program = useAppSelector((state) => selectStudioProgram(state, id));
  const form = useAppSelector((state) => selectProgramForm(state, id));
  const editor = useAppSelector((state) => selectEditor(state, id));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const newModel = useCreateTitle(useAppSelector(selectStudio).content.creating);
  const t = useMessages(studioMessages);
  useEffect(() => void dispatch(studioActions.programOpened({ id })), [dispatch, id]);

  if (!program || !form || !editor) {
    if (editor?.status === 'failed') return <LoadFailed what={t.programWhat} error={editor.error} onRetry={() => dispatch(studioActions.programOpened({ id }))} />;
    return <PageLoading label={t.loadingProgram} />;
  }
  const change = (changes: Partial<ProgramForm>) => dispatch(studioActions.programFieldChanged({ id, changes }));

  return (
    <>
      <p>
        <Link to={paths.studio.href()}>
          <BackArrow>←</BackArrow> {t.allPrograms}
        </Link>
      </p>
      {form.title ? <Title translate="no">{form.title}</Title> : <Title>{t.untitledProgram}</Title>}
      <EditorActions
        editor={editor}
        status={program.status}
        hasDraft={program.hasDraft}
        onAction={(action) => dispatch(studioActions.saveRequested({ id, action }))}
        extra={
          <Button type="button" $variant="secondary" onClick={() => setConfirmDelete(true)}>
            {t.deleteProgram}
          </Button>
        }
      />
      <Section as="section" aria-labelledby="program-fields">
        <h2 id="program-fields">{t.programHeading}</h2>
        <FormGrid>
          <TextField id="program-title" label={t.titleLabel} error={null} value={form.title} onValueChange={(title) => change({ title })} />
          <TextField id="program-name" label={t.programNameLabel} error={null} value={form.programName} onValueChange={(programName) => change({ programName })} />
          <AudienceSelect id="program-audience" value={form.audience} onChange={(audience) => change({ audience })} hint />
        </FormGrid>
        <FormField id="program-description" label={t.descriptionLabel} error={null} wide>
          <TextArea id="program-description" translate="no" value={form.description} onChange={(event) => change({ description: event.target.value })} />
        </FormField>
      </Section>
      <Section as="section" aria-labelledby="program-pictures">
        <h2 id="program-pictures">{t.pictures}</h2>
        <FormGrid>
          {mediaFields.map((field) => (
            <MediaField key={field} label={t[field]} path={form[field]} kind="image" accept="image/*" target={{ kind: 'programMedia', id, field }} onClear={() => change({ [field]: '' })} />
          ))}
        </FormGrid>
      </Section>
      <ProgramModels program={program} newModel={newModel} />
      <StudioLeaveGuard id={id} also={newModel} />
      <LazyHistoryPanel id={id} />
      {confirmDelete && <StudioDeleteDialog kind="program" id={id} title={program.title} models={program.models.length} onCancel={() => setConfirmDelete(false)} />}
    </>
  );
}

type Selection = ReturnType<typeof useBulkSelection>;

function ModelGroup({ program, experimental, models, selection }: { program: StudioProgram; experimental: boolean; models: StudioModelSummary[]; selection: Selection }) {
  const dispatch = useAppDispatch();
  const t = useMessages(studioMessages);
  const tb = useMessages(studioBulkMessages);
  const heading = experimental ? t.experimentalModels : t.mainModels;
  const others = program.models.filter((model) => model.experimental !== experimental);
  return (
    <>
      <h3>{heading}</h3>
      {models.length === 0 ? (
        <EmptyState>{experimental ? t.noExperimentalModels : t.noMainModels}</EmptyState>
      ) : (
        <SortableList
          items={models.map((model) => ({ ...model, label: model.title }))}
          label={t.kindModel}
          onReorder={(ids, previousIds) => {
            // The server numbers main and experimental models apart: send both groups, this one reordered.
            const rest = others.map((model) => model.id);
            const all = (list: number[]) => (experimental ? [...rest, ...list] : [...list, ...rest]);
            dispatch(studioActions.modelsReordered({ programId: program.id, ids: all(ids as number[]), previousIds: all(previousIds as number[]) }));
          }}
        >
          {(model) => (
            <>
              <SelectBox>
                <input type="checkbox" aria-label={tb.selectNamed({ title: model.title || t.noTitle })} checked={selection.isSelected(model.id)} onChange={(event) => selection.toggle(model.id, event.target.checked)} />
              </SelectBox>
              <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Link to={paths.studioModel.href({ modelId: model.id })} translate={model.title ? 'no' : undefined}>
                  {model.title || t.noTitle}
                </Link>{' '}
                <StatusBadge status={model.status} hasDraft={model.hasDraft} /> {t.modelLine(model.stepCount)({ code: model.code || '—' })}
              </div>
            </>
          )}
        </SortableList>
      )}
    </>
  );
}

function ProgramModels({ program, newModel }: { program: StudioProgram; newModel: CreateTitle }) {
  const dispatch = useAppDispatch();
  const creating = useAppSelector(selectStudio).content.creating;
  const [experimental, setExperimental] = useState(false);
  const t = useMessages(studioMessages);
  const sorted = [...program.models].sort((a, b) => a.order - b.order);
  const modelIds = useMemo(() => program.models.map((model) => model.id), [program.models]);
  const selection = useBulkSelection(program.id, modelIds);
  const titles = useMemo(() => Object.fromEntries(program.models.map((model) => [model.id, model.title])), [program.models]);
  return (
    <Section as="section" aria-labelledby="program-models">
      <h2 id="program-models">{t.models}</h2>
      <BulkBar scope={program.id} selected={selection.selected} titles={titles} onClear={() => selection.setAll(false)} />
      <ModelGroup program={program} experimental={false} models={sorted.filter((model) => !model.experimental)} selection={selection} />
      <ModelGroup program={program} experimental models={sorted.filter((model) => model.experimental)} selection={selection} />
      <h3>{t.newModel}</h3>
      <Check>
        <input type="checkbox" checked={experimental} onChange={(event) => setExperimental(event.target.checked)} /> {t.experimental}
      </Check>
      <CreateByTitle id="new-model-title" label={t.newModelTitle} form={newModel} onCreate={(title) => dispatch(studioActions.createModelRequested({ programId: program.id, title, experimental }))} />
      {creating.error && (
        <Message $tone="error" role="alert">
          <p>{t.modelNotCreated({ reason: studioFailure(creating.error) })}</p>
        </Message>
      )}
    </Section>
  );
}
