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
  return (
    <FileButton>
      Replace
      <input type="file" accept="image/*" aria-label={`Replace step ${place}`} onChange={(event) => queue(Array.from(event.target.files ?? []).slice(0, 1))} />
    </FileButton>
  );
}

function StepsGrid({ modelId, tab, draft }: { modelId: number; tab: number; draft: TabDraft }) {
  const dispatch = useAppDispatch();
  if (draft.steps.length === 0) return <p>No steps in this tab yet.</p>;
  return (
    <SortableList
      grid
      items={draft.steps.map((step, index) => ({ ...step, id: step.key, label: `step ${index + 1} (${step.name || 'image'})` }))}
      label="step"
      onReorder={(_ids, _previous, from, to) => dispatch(studioActions.stepsReordered({ id: modelId, tab, from, to }))}
    >
      {(step, index) => (
        <>
          <Thumb>
            <img src={step.thumbUrl} alt={`Step ${index + 1}`} loading="lazy" />
            <figcaption>
              {index + 1}. {step.name}
            </figcaption>
          </Thumb>
          <ReplaceStep modelId={modelId} tab={tab} stepKey={step.key} place={index + 1} />
          <SmallButton type="button" onClick={() => dispatch(studioActions.stepRemoved({ id: modelId, tab, key: step.key }))} aria-label={`Delete step ${index + 1}`}>
            Delete
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

  return (
    <section aria-label={`Tab ${tab + 1}`}>
      <FormGrid>
        <TextField id={`${prefix}-title`} label={`Tab ${tab + 1} title`} error={null} value={draft.title} onValueChange={(title) => change({ title })} />
        <TextField
          id={`${prefix}-video`}
          label="Video embed URL (https://…), or upload a video below"
          error={draft.video && !videoIsUrl && !draft.video.startsWith('/') ? 'Start the address with https://' : null}
          value={videoIsUrl || !draft.video ? draft.video : ''}
          placeholder={draft.video && !videoIsUrl ? `Uploaded: ${draft.video.split('/').pop()}` : 'https://www.youtube.com/embed/…'}
          onValueChange={(video) => change({ video })}
        />
      </FormGrid>
      <p>
        <FileButton>
          Upload a video (MP4, WebM)
          <input type="file" accept="video/mp4,video/webm" onChange={(event) => queueVideo(Array.from(event.target.files ?? []).slice(0, 1))} />
        </FileButton>{' '}
        {draft.video && !videoIsUrl && mediaUrls[draft.video] && <a href={mediaUrls[draft.video]}>Watch the uploaded video</a>}{' '}
        {draft.video && (
          <SmallButton type="button" onClick={() => change({ video: '' })}>
            Remove video
          </SmallButton>
        )}
      </p>
      <h4>Steps ({draft.steps.length})</h4>
      <DropZone
        label={`Choose step images for tab ${tab + 1}`}
        hint="Drop step images, a folder of them, or a .zip here (they are put in name order), or"
        accept="image/*,.zip,application/zip"
        onFiles={queueSteps}
      />
      <UploadList items={uploads} title={`Tab ${tab + 1} uploads`} />
      <StepsGrid modelId={modelId} tab={tab} draft={draft} />
      {count > 1 && (
        <p>
          <SmallButton type="button" onClick={() => dispatch(studioActions.tabRemoved({ id: modelId, tab }))}>
            Remove tab {tab + 1}
          </SmallButton>
        </p>
      )}
    </section>
  );
}
