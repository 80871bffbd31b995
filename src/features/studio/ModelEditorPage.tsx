/** /studio/models/:modelId: a model's fields, pictures, lesson plan, and 1 to 5 tabs of steps. */
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { STUDIO_LIMITS } from '../../../contract/studio';
import { MODEL_CODE_LENGTH } from '../../shared/constants';
import { paths } from '../../shared/paths';
import { studioStepIn } from '../../shared/studioStep';
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
import { StudioLeaveGuard } from './components/StudioLeaveGuard';
import { LazyHistoryPanel } from './components/LazyHistoryPanel';
import { TabEditor } from './components/TabEditor';
import { TextLanguageSwitch } from './components/TextLanguageSwitch';
import type { TextLanguage } from './model/texts';
import type { ModelForm } from './model/forms';
import { BackArrow, Check, Section } from './components/StudioLayout';
import { selectEditor, selectModelForm, selectStudio, selectStudioModel, selectStudioProgram } from './studioSelectors';
import { studioActions } from './studioSlice';
import { useMessages } from '../../shared/i18n/messages';
import { studioEditorMessages } from './studio.messages';

export default function ModelEditorPage() {
  const id = Number(useParams().modelId);
  return (
    <StudioFrame>
      <ModelEditor key={id} id={id} />
    </StudioFrame>
  );
}

const codeError = (code: string, t: ReturnType<typeof studioEditorMessages.get>) =>
  code === '' || new RegExp(`^\\d{${MODEL_CODE_LENGTH}}$`).test(code) ? null : t.codeDigits({ digits: MODEL_CODE_LENGTH });

function ModelEditor({ id }: { id: number }) {
  const dispatch = useAppDispatch();
  const model = useAppSelector((state) => selectStudioModel(state, id));
  const form = useAppSelector((state) => selectModelForm(state, id));
  const editor = useAppSelector((state) => selectEditor(state, id));
  const program = useAppSelector((state) => (model ? selectStudioProgram(state, model.programId) : undefined));
  const codeBusy = useAppSelector(selectStudio).content.codeBusy[id] ?? false;
  const { search } = useLocation();
  // The step the address names (where children get stuck links to it), taken once: the editor goes there, then the user moves freely.
  const [arrival, setArrival] = useState(() => studioStepIn(search));
  const [tab, setTab] = useState(arrival?.tabIndex ?? 0);
  const [textLanguage, setTextLanguage] = useState<TextLanguage>('en');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const t = useMessages(studioEditorMessages);
  useEffect(() => void dispatch(studioActions.modelOpened({ id })), [dispatch, id]);

  if (!model || !form || !editor) {
    if (editor?.status === 'failed') return <LoadFailed what={t.modelWhat} error={editor.error} onRetry={() => dispatch(studioActions.modelOpened({ id }))} />;
    return <PageLoading label={t.loadingModel} />;
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
          {t.previewAsStudent}
        </Link>
      }
    />
  );

  return (
    <>
      <p>
        <Link to={paths.studioProgram.href({ programId: model.programId })}>
          <BackArrow>←</BackArrow> {program ? <span translate="no">{program.title}</span> : t.theProgram}
        </Link>
      </p>
      {form.title ? <Title translate="no">{form.title}</Title> : <Title>{t.untitledModel}</Title>}
      {actions}
      <Section as="section" aria-labelledby="model-fields">
        <h2 id="model-fields">{t.modelHeading}</h2>
        <FormGrid>
          <TextField id="model-title" label={t.titleLabel} error={null} value={form.title} onValueChange={(title) => change({ title })} />
          <FormField id="model-code" label={t.codeLabel({ digits: MODEL_CODE_LENGTH })} error={codeError(form.code, t)}>
            <div style={{ display: 'flex', gap: 8 }}>
              <Input
                id="model-code"
                inputMode="numeric"
                maxLength={MODEL_CODE_LENGTH}
                value={form.code}
                aria-invalid={codeError(form.code, t) !== null}
                onChange={(event) => change({ code: event.target.value.replace(/\D/g, '') })}
                style={{ flex: 1 }}
              />
              <Button type="button" $variant="secondary" disabled={codeBusy} onClick={() => dispatch(studioActions.codeRequested({ id, programId: model.programId }))}>
                {codeBusy ? t.generating : t.generate}
              </Button>
            </div>
          </FormField>
          <FormField id="model-kind" label={t.kind} error={null}>
            <select id="model-kind" value={form.experimental ? 'experimental' : 'main'} onChange={(event) => change({ experimental: event.target.value === 'experimental' })}>
              <option value="main">{t.mainModel}</option>
              <option value="experimental">{t.experimentalModel}</option>
            </select>
          </FormField>
          <TextField id="lesson-plan-title" label={t.lessonPlanTitle} error={null} value={form.lessonPlanTitle} onValueChange={(lessonPlanTitle) => change({ lessonPlanTitle })} />
          <TextField
            id="lesson-plan-url"
            label={t.lessonPlanUrl}
            error={null}
            value={lessonPlanIsUrl ? form.lessonPlan : ''}
            placeholder={form.lessonPlan && !lessonPlanIsUrl ? t.uploaded({ name: form.lessonPlan.split('/').pop() ?? '' }) : t.urlPlaceholder}
            onValueChange={(lessonPlan) => change({ lessonPlan })}
          />
        </FormGrid>
      </Section>
      <Section as="section" aria-labelledby="model-media">
        <h2 id="model-media">{t.picturesAndPlan}</h2>
        <FormGrid>
          <MediaField label={t.titleImage} path={form.titleImage} kind="image" accept="image/*" target={{ kind: 'modelMedia', id, field: 'titleImage' }} onClear={() => change({ titleImage: '' })} />
          <MediaField label={t.smallPicture} path={form.smallImage} kind="image" accept="image/*" target={{ kind: 'modelMedia', id, field: 'smallImage' }} onClear={() => change({ smallImage: '' })} />
          <MediaField
            label={t.lessonPlanPdf}
            path={lessonPlanIsUrl ? '' : form.lessonPlan}
            kind="file"
            accept="application/pdf"
            target={{ kind: 'modelMedia', id, field: 'lessonPlan' }}
            onClear={() => change({ lessonPlan: '' })}
          />
        </FormGrid>
      </Section>
      <Section as="section" aria-labelledby="model-tabs">
        <h2 id="model-tabs">{t.steps}</h2>
        <Check>
          <input type="checkbox" checked={form.showInDifferentTabs} onChange={(event) => change({ showInDifferentTabs: event.target.checked })} /> {t.showInTabs}
        </Check>
        <p>
          <Button type="button" $variant="secondary" disabled={form.tabs.length >= STUDIO_LIMITS.tabs} onClick={() => dispatch(studioActions.tabAdded({ id }))}>
            {t.addTab({ count: form.tabs.length, max: STUDIO_LIMITS.tabs })}
          </Button>
        </p>
        <TextLanguageSwitch value={textLanguage} onChange={setTextLanguage} />
        <Tabs
          idPrefix="studio-tab"
          label={t.tabsLabel}
          tabs={form.tabs.map((draft, index) => ({ id: String(index), label: draft.title || t.tabName({ number: index + 1 }), authored: draft.title !== '' }))}
          selectedId={String(selected)}
          onSelect={(tabId) => {
            setTab(Number(tabId));
            setArrival(null);
          }}
        >
          <TabEditor
            key={selected}
            modelId={id}
            tab={selected}
            draft={form.tabs[selected]!}
            count={form.tabs.length}
            language={textLanguage}
            arrival={arrival?.tabIndex === selected ? { step: arrival.step, onFocused: () => setArrival(null) } : null}
          />
        </Tabs>
      </Section>
      <LazyHistoryPanel id={id} />
      <p>
        <Button type="button" $variant="secondary" onClick={() => setConfirmDelete(true)}>
          {t.deleteModel}
        </Button>
      </p>
      <StudioLeaveGuard id={id} />
      {confirmDelete && <StudioDeleteDialog kind="model" id={id} title={model.title} onCancel={() => setConfirmDelete(false)} />}
    </>
  );
}
