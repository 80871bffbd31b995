/**
 * One tab of a model: its title (in the language chosen over the tabs), its video (upload or embed
 * URL) and its steps (upload, reorder, replace, delete, and each one's text).
 */
import { useId } from 'react';
import { FileButton } from '../../../shared/ui/FileButton';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { TextField } from '../../../shared/ui/Field';
import { FormGrid } from '../../../shared/ui/Layout';
import { isRightToLeft } from '../../../shared/i18n/i18n';
import type { TabDraft } from '../model/forms';
import { textIn, withText, type TextLanguage } from '../model/texts';
import { selectMediaUrls, selectUploads } from '../studioSelectors';
import { studioActions } from '../studioSlice';
import { SmallButton } from './SortableList';
import { StepsGrid, type StepArrival } from './StepsGrid';
import { DropZone, UploadList, useQueueUploads } from './Uploads';
import { useMessages } from '../../../shared/i18n/messages';
import { studioEditorMessages } from '../studio.messages';
import { studioTextsMessages } from '../texts.messages';

/** The tab's title in the chosen language; another language's field shows the English as its placeholder. */
function TabTitleField({ id, tab, draft, language, onChange }: { id: string; tab: number; draft: TabDraft; language: TextLanguage; onChange: (changes: Partial<TabDraft>) => void }) {
  const t = useMessages(studioEditorMessages);
  const texts = useMessages(studioTextsMessages);
  const current = { english: draft.title, translations: draft.titleTranslations };
  if (language === 'en') return <TextField id={id} label={t.tabTitle({ number: tab + 1 })} error={null} value={draft.title} onValueChange={(title) => onChange({ title })} />;
  return (
    <TextField
      id={`${id}-${language}`}
      label={texts.tabTitleIn({ number: tab + 1, language: language === 'he' ? texts.hebrew : texts.spanish })}
      error={null}
      value={textIn(current, language)}
      lang={language}
      dir={isRightToLeft(language) ? 'rtl' : 'ltr'}
      translate="no"
      placeholder={draft.title}
      onValueChange={(text) => onChange({ titleTranslations: withText(current, language, text).translations })}
    />
  );
}

export function TabEditor({ modelId, tab, draft, count, language, arrival = null }: { modelId: number; tab: number; draft: TabDraft; count: number; language: TextLanguage; arrival?: StepArrival | null }) {
  const dispatch = useAppDispatch();
  const prefix = useId();
  const mediaUrls = useAppSelector(selectMediaUrls);
  const uploads = useAppSelector(selectUploads).filter((item) => item.target.id === modelId && 'tab' in item.target && item.target.tab === tab);
  const queueSteps = useQueueUploads('image', { kind: 'step', id: modelId, tab });
  const queueVideo = useQueueUploads('file', { kind: 'video', id: modelId, tab });
  const change = (changes: Partial<Omit<TabDraft, 'steps'>>) => dispatch(studioActions.tabChanged({ id: modelId, tab, changes }));
  const videoIsUrl = /^https?:\/\//.test(draft.video);
  const t = useMessages(studioEditorMessages);

  return (
    <section aria-label={t.tabName({ number: tab + 1 })}>
      <FormGrid>
        <TabTitleField id={`${prefix}-title`} tab={tab} draft={draft} language={language} onChange={change} />
        <TextField
          id={`${prefix}-video`}
          label={t.videoLabel}
          error={draft.video && !videoIsUrl && !draft.video.startsWith('/') ? t.videoAddressError : null}
          value={videoIsUrl || !draft.video ? draft.video : ''}
          placeholder={draft.video && !videoIsUrl ? t.uploaded({ name: draft.video.split('/').pop() ?? '' }) : t.videoPlaceholder}
          onValueChange={(video) => change({ video })}
        />
      </FormGrid>
      <p>
        <FileButton>
          {t.uploadVideo}
          <input type="file" accept="video/mp4,video/webm" onChange={(event) => queueVideo(Array.from(event.target.files ?? []).slice(0, 1))} />
        </FileButton>{' '}
        {draft.video && !videoIsUrl && mediaUrls[draft.video] && <a href={mediaUrls[draft.video]}>{t.watchVideo}</a>}{' '}
        {draft.video && (
          <SmallButton type="button" onClick={() => change({ video: '' })}>
            {t.removeVideo}
          </SmallButton>
        )}
      </p>
      <h4>{t.stepsCount({ count: draft.steps.length })}</h4>
      <DropZone
        label={t.chooseSteps({ number: tab + 1 })}
        hint={t.dropHint}
        accept="image/*,.zip,application/zip"
        onFiles={queueSteps}
      />
      <UploadList items={uploads} title={t.tabUploads({ number: tab + 1 })} />
      <StepsGrid modelId={modelId} tab={tab} draft={draft} language={language} arrival={arrival} />
      {count > 1 && (
        <p>
          <SmallButton type="button" onClick={() => dispatch(studioActions.tabRemoved({ id: modelId, tab }))}>
            {t.removeTab({ number: tab + 1 })}
          </SmallButton>
        </p>
      )}
    </section>
  );
}
