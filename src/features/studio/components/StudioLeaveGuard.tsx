import { useAppSelector } from '../../../shared/storeHooks';
import { LeaveGuard } from '../../../shared/ui/LeaveGuard';
import { useMessages } from '../../../shared/i18n/messages';
import { selectEditor, selectUnsaved } from '../studioSelectors';
import { studioMessages } from '../studio.messages';

/**
 * A program's or model's page asks before it is left while its edits are not saved as a draft or
 * its files are still uploading: steps and pictures uploaded but not saved would be missing from
 * the program's page and gone after a reload.
 */
export function StudioLeaveGuard({ id }: { id: number }) {
  const unsaved = useAppSelector((state) => selectUnsaved(state, id));
  // "Preview as student" saves and moves at once: the move waits for the save.
  const saving = useAppSelector((state) => selectEditor(state, id)?.busy === 'save');
  const t = useMessages(studioMessages);
  return <LeaveGuard unsaved={unsaved} saving={saving} hint={t.leaveHint} />;
}
