/** One tab of a model: its title, its video (upload or embed URL) and its steps (upload, reorder, replace, delete). */
import { useId } from 'react';
import styled from 'styled-components';
import { FileButton } from '../../../shared/ui/FileButton';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { TextField } from '../../../shared/ui/Field';
import { FormGrid } from '../../../shared/ui/Layout';
import type { TabDraft } from '../model/forms';
import { selectMediaUrls, selectUploads } from '../studioSelectors';
import { studioActions } from '../studioSlice';
import { SmallButton, SortableList } from './SortableList';
import { DropZone, UploadList, useQueueUploads } from './Uploads';
import { useMessages } from '../../../shared/i18n/messages';
import { studioEditorMessages, studioMessages } from '../studio.messages';

const Thumb = styled.figure`
  margin: 0;
  flex: 1 1 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  img {
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: contain;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  figcaption {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    overflow-wrap: anywhere;
  }
`;

function ReplaceStep({ modelId, tab, stepKey, place }: { modelId: number; tab: number; stepKey: string; place: number }) {
  const queue = useQueueUploads('image', { kind: 'step', id: modelId, tab, replaceKey: stepKey });
  const t = useMessages(studioEditorMessages);
  return (
    <FileButton>
      {t.replace}
      <input type="file" accept="image/*" aria-label={t.replaceStep({ number: place })} onChange={(event) => queue(Array.from(event.target.files ?? []).slice(0, 1))} />
    </FileButton>
  );
}

function StepsGrid({ modelId, tab, draft }: { modelId: number; tab: number; draft: TabDraft }) {
  const dispatch = useAppDispatch();
  const t = useMessages(studioEditorMessages);
  const kinds = useMessages(studioMessages);
  if (draft.steps.length === 0) return <p>{t.noSteps}</p>;
  return (
    <SortableList
      grid
      items={draft.steps.map((step, index) => ({ ...step, id: step.key, label: t.stepLabel({ number: index + 1, name: step.name || t.image }) }))}
      label={kinds.kindStep}
      onReorder={(_ids, _previous, from, to) => dispatch(studioActions.stepsReordered({ id: modelId, tab, from, to }))}
    >
      {(step, index) => (
        <>
          <Thumb>
            <img src={step.thumbUrl} alt={t.stepAlt({ number: index + 1 })} loading="lazy" />
            <figcaption>
              {index + 1}. <span translate="no">{step.name}</span>
            </figcaption>
          </Thumb>
          <ReplaceStep modelId={modelId} tab={tab} stepKey={step.key} place={index + 1} />
          <SmallButton type="button" onClick={() => dispatch(studioActions.stepRemoved({ id: modelId, tab, key: step.key }))} aria-label={t.deleteStep({ number: index + 1 })}>
            {t.delete}
          </SmallButton>
        </>
      )}
    </SortableList>
  );
}

export function TabEditor({ modelId, tab, draft, count }: { modelId: number; tab: number; draft: TabDraft; count: number }) {
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
        <TextField id={`${prefix}-title`} label={t.tabTitle({ number: tab + 1 })} error={null} value={draft.title} onValueChange={(title) => change({ title })} />
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
      <StepsGrid modelId={modelId} tab={tab} draft={draft} />
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
