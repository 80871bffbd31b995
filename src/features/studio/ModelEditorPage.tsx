/** /studio/models/:modelId: a model's fields, pictures, lesson plan, and 1 to 5 tabs of steps. */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { STUDIO_LIMITS } from '../../../contract/studio';
import { MODEL_CODE_LENGTH } from '../../shared/constants';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { FormField, Input, TextField } from '../../shared/ui/Field';
import { FormGrid } from '../../shared/ui/Layout';
import { PageLoading } from '../../shared/ui/PageLoading';
import { LoadFailed } from '../../shared/ui/States';
import { Tabs } from '../../shared/ui/Tabs';
import { Title } from '../../shared/ui/Text';
import { MediaField } from './components/MediaField';
import { StudioDeleteDialog, EditorActions  } from './components/StudioParts';
import { StudioFrame } from './components/StudioFrame';
import { useLeaveWarning } from './components/useLeaveWarning';
import { TabEditor } from './components/TabEditor';
import type { ModelForm } from './model/forms';
import { Check, Section } from './ProgramEditorPage';
import { selectEditor, selectModelForm, selectStudio, selectStudioModel, selectStudioProgram } from './studioSelectors';
import { studioActions } from './studioSlice';

export default function ModelEditorPage() {
  const id = Number(useParams().modelId);
  return (
    <StudioFrame>
      <ModelEditor key={id} id={id} />
    </StudioFrame>
  );
}

const codeError = (code: string) => (code === '' || new RegExp(`^\\d{${MODEL_CODE_LENGTH}}$`).test(code) ? null : `The code is ${MODEL_CODE_LENGTH} digits.`);

function ModelEditor({ id }: { id: number }) {
  const dispatch = useAppDispatch();
  const model = useAppSelector((state) => selectStudioModel(state, id));
  const form = useAppSelector((state) => selectModelForm(state, id));
  const editor = useAppSelector((state) => selectEditor(state, id));
  const program = useAppSelector((state) => (model ? selectStudioProgram(state, model.programId) : undefined));
  const codeBusy = useAppSelector(selectStudio).content.codeBusy[id] ?? false;
  const [tab, setTab] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => void dispatch(studioActions.modelOpened({ id })), [dispatch, id]);
  useLeaveWarning(editor?.dirty ?? false);

  if (!model || !form || !editor) {
    if (editor?.status === 'failed') return <LoadFailed what="this model" error={editor.error} onRetry={() => dispatch(studioActions.modelOpened({ id }))} />;
    return <PageLoading label="Loading the model" />;
  }
  const change = (changes: Partial<Omit<ModelForm, 'tabs'>>) => dispatch(studioActions.modelFieldChanged({ id, changes }));
  const selected = Math.min(tab, form.tabs.length - 1);
  const lessonPlanIsUrl = /^https?:\/\//.test(form.lessonPlan);
  const actions = (
    <EditorActions
      editor={editor}
      status={model.status}
      hasDraft={model.hasDraft}
      onAction={(action) => dispatch(studioActions.saveRequested({ id, action }))}
      extra={
        <Link to={paths.studioPreview.href({ pageId: id })} onClick={() => editor.dirty && dispatch(studioActions.saveRequested({ id, action: 'save' }))}>
          Preview as a student
        </Link>
      }
    />
  );

  return (
    <>
      <p>
        <Link to={paths.studioProgram.href({ programId: model.programId })}>← {program?.title ?? 'The program'}</Link>
      </p>
      <Title>{form.title || 'Untitled model'}</Title>
      {actions}
      <Section as="section" aria-labelledby="model-fields">
        <h2 id="model-fields">Model</h2>
        <FormGrid>
          <TextField id="model-title" label="Title" error={null} value={form.title} onValueChange={(title) => change({ title })} />
          <FormField id="model-code" label={`Code (${MODEL_CODE_LENGTH} digits, unique in the program)`} error={codeError(form.code)}>
            <div style={{ display: 'flex', gap: 8 }}>
              <Input
                id="model-code"
                inputMode="numeric"
                maxLength={MODEL_CODE_LENGTH}
                value={form.code}
                aria-invalid={codeError(form.code) !== null}
                onChange={(event) => change({ code: event.target.value.replace(/\D/g, '') })}
                style={{ flex: 1 }}
              />
              <Button type="button" $variant="secondary" disabled={codeBusy} onClick={() => dispatch(studioActions.codeRequested({ id, programId: model.programId }))}>
                {codeBusy ? 'Generating…' : 'Generate'}
              </Button>
            </div>
          </FormField>
          <FormField id="model-kind" label="Kind" error={null}>
            <select id="model-kind" value={form.experimental ? 'experimental' : 'main'} onChange={(event) => change({ experimental: event.target.value === 'experimental' })}>
              <option value="main">Main model</option>
              <option value="experimental">Experimental model</option>
            </select>
          </FormField>
          <TextField id="lesson-plan-title" label="Lesson plan title" error={null} value={form.lessonPlanTitle} onValueChange={(lessonPlanTitle) => change({ lessonPlanTitle })} />
          <TextField
            id="lesson-plan-url"
            label="Lesson plan URL (https://…), or upload a PDF below"
            error={null}
            value={lessonPlanIsUrl ? form.lessonPlan : ''}
            placeholder={form.lessonPlan && !lessonPlanIsUrl ? `Uploaded: ${form.lessonPlan.split('/').pop()}` : 'https://…'}
            onValueChange={(lessonPlan) => change({ lessonPlan })}
          />
        </FormGrid>
      </Section>
      <Section as="section" aria-labelledby="model-media">
        <h2 id="model-media">Pictures and lesson plan</h2>
        <FormGrid>
          <MediaField label="Title-colour image" path={form.titleImage} kind="image" accept="image/*" target={{ kind: 'modelMedia', id, field: 'titleImage' }} onClear={() => change({ titleImage: '' })} />
          <MediaField label="Small picture" path={form.smallImage} kind="image" accept="image/*" target={{ kind: 'modelMedia', id, field: 'smallImage' }} onClear={() => change({ smallImage: '' })} />
          <MediaField
            label="Lesson plan PDF"
            path={lessonPlanIsUrl ? '' : form.lessonPlan}
            kind="file"
            accept="application/pdf"
            target={{ kind: 'modelMedia', id, field: 'lessonPlan' }}
            onClear={() => change({ lessonPlan: '' })}
          />
        </FormGrid>
      </Section>
      <Section as="section" aria-labelledby="model-tabs">
        <h2 id="model-tabs">Steps</h2>
        <Check>
          <input type="checkbox" checked={form.showInDifferentTabs} onChange={(event) => change({ showInDifferentTabs: event.target.checked })} /> Show in different tabs
        </Check>
        <p>
          <Button type="button" $variant="secondary" disabled={form.tabs.length >= STUDIO_LIMITS.tabs} onClick={() => dispatch(studioActions.tabAdded({ id }))}>
            Add a tab ({form.tabs.length} of {STUDIO_LIMITS.tabs})
          </Button>
        </p>
        <Tabs
          idPrefix="studio-tab"
          label="Tabs of this model"
          tabs={form.tabs.map((draft, index) => ({ id: String(index), label: draft.title || `Tab ${index + 1}` }))}
          selectedId={String(selected)}
          onSelect={(tabId) => setTab(Number(tabId))}
        >
          <TabEditor key={selected} modelId={id} tab={selected} draft={form.tabs[selected]!} count={form.tabs.length} />
        </Tabs>
      </Section>
      <p>
        <Button type="button" $variant="secondary" onClick={() => setConfirmDelete(true)}>
          Delete model
        </Button>
      </p>
      {confirmDelete && <StudioDeleteDialog kind="model" id={id} title={model.title} onCancel={() => setConfirmDelete(false)} />}
    </>
  );
}
