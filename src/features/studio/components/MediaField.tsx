import styled from 'styled-components';
import type { UploadKind } from '../api';
import { useAppSelector } from '../../../shared/storeHooks';
import { FileButton } from '../../../shared/ui/FileButton';
import { SupportNote } from '../../../shared/ui/Layout';
import { selectMediaUrls, selectUploads } from '../studioSelectors';
import type { UploadTarget } from '../uploadsSlice';
import { SmallButton } from './SortableList';
import { UploadList, useQueueUploads } from './Uploads';
import { useMessages } from '../../../shared/i18n/messages';
import { studioEditorMessages } from '../studio.messages';

const Box = styled.fieldset`
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  min-width: 0;
  legend {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    padding: 0 ${({ theme }) => theme.space[1]}px;
  }
  img {
    display: block;
    max-width: 100%;
    max-height: 120px;
    object-fit: contain;
    margin-bottom: ${({ theme }) => theme.space[2]}px;
  }
`;

const sameTarget = (a: UploadTarget, b: UploadTarget) => a.kind === b.kind && a.id === b.id && ('field' in a && 'field' in b ? a.field === b.field : 'tab' in a && 'tab' in b && a.tab === b.tab);

/** A picture or file of a page: what it has now (kept unless replaced), Upload, Remove. */
export function MediaField({ label, path, kind, accept, target, onClear }: { label: string; path: string; kind: UploadKind; accept: string; target: UploadTarget; onClear: () => void }) {
  const url = useAppSelector(selectMediaUrls)[path];
  const uploads = useAppSelector(selectUploads).filter((item) => sameTarget(item.target, target));
  const queue = useQueueUploads(kind, target);
  const name = path.split('/').pop() ?? '';
  const t = useMessages(studioEditorMessages);
  const what = label.toLowerCase();
  // A picture is shown; the generated size's file name ("1280.jpg") would say nothing.
  const now = !path ? t.noneYet : kind === 'image' && url ? null : /^\d+\.\w+$/.test(name) ? t.fileUploaded : t.nowFile({ name });
  return (
    <Box>
      <legend>{label}</legend>
      {path && kind === 'image' && url && <img src={url} alt={t.mediaNow({ what: label })} />}
      {now && <SupportNote style={{ marginTop: 0 }}>{now}</SupportNote>}
      <FileButton>
        {path ? t.replaceMedia({ what }) : t.uploadMedia({ what })}
        <input type="file" accept={accept} onChange={(event) => queue(Array.from(event.target.files ?? []).slice(0, 1))} />
      </FileButton>{' '}
      {path && (
        <SmallButton type="button" onClick={onClear}>
          {t.removeMedia({ what })}
        </SmallButton>
      )}
      <UploadList items={uploads} title={t.mediaUpload({ what: label })} />
    </Box>
  );
}
