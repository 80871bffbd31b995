/**
 * Uploading: a drop zone that takes many files, a dropped folder (read through
 * DataTransferItem.webkitGetAsEntry) and .zip files, plus a file picker; and the list of a batch's
 * files with each one's progress, the whole batch's, the server's reason for a refused file and Retry.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { STUDIO_LIMITS } from '../../../../contract/studio';
import type { UploadKind } from '../api';
import { useAppDispatch } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { byName } from '../model/forms';
import { batchTotals } from '../studioSelectors';
import { keepFile } from '../uploadFiles';
import { uploadActions, type QueuedUpload, type UploadItem, type UploadTarget } from '../uploadsSlice';
import { Bar as SmallButtonRow, ProgressBar } from './StudioParts';
import { useMessages } from '../../../shared/i18n/messages';
import { studioEditorMessages } from '../studio.messages';

const MB = 1024 * 1024;
const isZip = (file: File) => /\.zip$/i.test(file.name) || file.type === 'application/zip';
const isImage = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|webp|gif|avif)$/i.test(file.name);

/** Why the studio will not even send a file (the server checks again, and more). */
export function refusal(file: File, kind: UploadKind): string | undefined {
  const t = studioEditorMessages.get();
  if (kind === 'file') return file.size > STUDIO_LIMITS.fileBytes ? t.tooLarge({ name: file.name, megabytes: STUDIO_LIMITS.fileBytes / MB }) : undefined;
  if (!isImage(file) && !isZip(file)) return t.notAnImage({ name: file.name });
  if (!isZip(file) && file.size > STUDIO_LIMITS.imageBytes) return t.tooLarge({ name: file.name, megabytes: STUDIO_LIMITS.imageBytes / MB });
  return undefined;
}

let batches = 0;

/** Returns `queue(files)`: the files in name order, kept outside the store, queued by id. */
export function useQueueUploads(kind: UploadKind, target: UploadTarget) {
  const dispatch = useAppDispatch();
  return (files: File[]) => {
    if (files.length === 0) return;
    const batch = `batch-${++batches}`;
    const queued: QueuedUpload[] = [...files]
      .sort((a, b) => byName(a.name, b.name))
      .map((file, seq) => ({ id: keepFile(file), name: file.name, bytes: file.size, uploadKind: kind, target, batch, seq, refused: refusal(file, kind) }));
    dispatch(uploadActions.queued(queued));
  };
}

export type Entry = { isFile: boolean; isDirectory: boolean; file?: (done: (file: File) => void, fail: (e: unknown) => void) => void; createReader?: () => { readEntries: (done: (entries: Entry[]) => void, fail: (e: unknown) => void) => void } };

/** Every file under a dropped folder (readEntries answers in parts until it answers none). */
async function filesOf(entry: Entry): Promise<File[]> {
  if (entry.isFile && entry.file) return [await new Promise<File>((resolve, reject) => entry.file!(resolve, reject))];
  if (!entry.isDirectory || !entry.createReader) return [];
  const reader = entry.createReader();
  const found: File[] = [];
  for (;;) {
    const entries = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (entries.length === 0) return found;
    for (const child of entries) found.push(...(await filesOf(child)));
  }
}

export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = Array.from(data.items ?? [])
    .map((item) => (item.kind === 'file' && 'webkitGetAsEntry' in item ? (item.webkitGetAsEntry() as Entry | null) : null))
    .filter((entry): entry is Entry => entry !== null);
  if (entries.length === 0) return Array.from(data.files);
  const nested = await Promise.all(entries.map(filesOf));
  // Hidden files a folder carries (.DS_Store) are no steps.
  return nested.flat().filter((file) => !file.name.startsWith('.'));
}

const Zone = styled.div<{ $over: boolean }>`
  border: 3px dashed ${({ $over, theme }) => ($over ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ $over, theme }) => ($over ? theme.colors.surfaceAlt : theme.colors.surface)};
  padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px;
  text-align: center;
  p {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
  }
`;

export function DropZone({ label, hint, accept, multiple = true, onFiles }: { label: string; hint: string; accept: string; multiple?: boolean; onFiles: (files: File[]) => void }) {
  const [over, setOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void droppedFiles(event.dataTransfer).then(onFiles);
  };
  return (
    <Zone
      $over={over}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <p>{hint}</p>
      <label htmlFor={inputId}>
        <Button as="span" $variant="secondary" role="button" tabIndex={0} onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && inputRef.current?.click()}>
          {label}
        </Button>
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={label}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </Zone>
  );
}

const Files = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space[3]}px 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  li {
    display: grid;
    gap: ${({ theme }) => theme.space[1]}px;
    overflow-wrap: anywhere;
  }
`;

const Refused = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const statusWords = { queued: 'uploadWaiting', uploading: 'uploadUploading', done: 'uploadDone', failed: 'uploadFailed' } as const;

/** A batch's progress and its files; nothing when there are none. */
export function UploadList({ items, title }: { items: UploadItem[]; title: string }) {
  const dispatch = useAppDispatch();
  const t = useMessages(studioEditorMessages);
  if (items.length === 0) return null;
  const totals = batchTotals(items);
  const counts = { done: totals.done, files: totals.files, failed: totals.failed };
  const summary =
    totals.failed > 0
      ? (totals.active > 0 ? t.uploadedSoFarWithFailures : t.uploadedWithFailures)(counts)
      : (totals.active > 0 ? t.uploadedSoFar : t.uploadedAll)(counts);
  return (
    <section aria-label={title}>
      <p aria-live="polite">{summary}</p>
      <ProgressBar value={totals.progress} label={t.allFiles({ title })} />
      <Files>
        {items.map((item) => (
          <li key={item.id} data-testid={`upload-${item.name}`}>
            <span>
              <span translate="no">{item.name}</span> — {t[statusWords[item.status]]}
            </span>
            {item.status === 'uploading' && (
              // Named by the file's name alone.
              <div translate="no">
                <ProgressBar value={item.progress} label={item.name} />
              </div>
            )}
            {item.status === 'failed' && (
              <SmallButtonRow>
                <Refused role="alert">{item.error}</Refused>
                {!item.refusedHere && (
                  <Button type="button" $variant="secondary" onClick={() => dispatch(uploadActions.retried({ id: item.id }))}>
                    {t.retryFile({ name: item.name })}
                  </Button>
                )}
              </SmallButtonRow>
            )}
          </li>
        ))}
      </Files>
      {totals.active === 0 && (
        <Button type="button" $variant="secondary" onClick={() => dispatch(uploadActions.cleared())}>
          {t.clearList}
        </Button>
      )}
    </section>
  );
}
