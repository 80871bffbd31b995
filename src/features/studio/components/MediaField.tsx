import styled from 'styled-components';
import type { UploadKind } from '../../../api/types';
import { useAppSelector } from '../../../shared/storeHooks';
import { FileButton } from '../../../shared/ui/FileButton';
import { SupportNote } from '../../../shared/ui/Layout';
import { selectMediaUrls, selectUploads } from '../studioSelectors';
import type { UploadTarget } from '../uploadsSlice';
import { SmallButton } from './SortableList';
import { UploadList, useQueueUploads } from './Uploads';

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
  // A picture is shown; the generated size's file name ("1280.jpg") would say nothing.
  const now = !path ? 'None yet.' : kind === 'image' && url ? null : /^\d+\.\w+$/.test(name) ? 'A file is uploaded.' : `Now: ${name}`;
  return (
    <Box>
      <legend>{label}</legend>
      {path && kind === 'image' && url && <img src={url} alt={`${label} now`} />}
      {now && <SupportNote style={{ marginTop: 0 }}>{now}</SupportNote>}
      <FileButton>
        {path ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        <input type="file" accept={accept} onChange={(event) => queue(Array.from(event.target.files ?? []).slice(0, 1))} />
      </FileButton>{' '}
      {path && (
        <SmallButton type="button" onClick={onClear}>
          Remove {label.toLowerCase()}
        </SmallButton>
      )}
      <UploadList items={uploads} title={`${label} upload`} />
    </Box>
  );
}
