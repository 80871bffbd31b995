import { useAppSelector } from '../../../shared/storeHooks';
import { LeaveGuard } from '../../../shared/ui/LeaveGuard';
import { useMessages } from '../../../shared/i18n/messages';
import { selectEditor, selectUnsaved } from '../studioSelectors';
import { studioMessages } from '../studio.messages';

/**
 * A program's or model's page asks before it is left while its edits are not saved as a draft or
 * its files are still uploading: steps and pictures uploaded but not saved would be missing from
 * the program's page and gone after a reload. `also` is other work on the page (a new model's
 * title typed and not created yet): a page has one question for all of it.
 */
export function StudioLeaveGuard({ id, also }: { id: number; also?: { unsaved: boolean; saving: boolean } }) {
  const unsaved = useAppSelector((state) => selectUnsaved(state, id));
  // "Preview as student" saves and moves at once: the move waits for the save.
  const saving = useAppSelector((state) => selectEditor(state, id)?.busy === 'save');
  const t = useMessages(studioMessages);
  // "Save draft" keeps only the page's own edits, so it is suggested only for them.
  return <LeaveGuard unsaved={unsaved || (also?.unsaved ?? false)} saving={saving || (also?.saving ?? false)} hint={unsaved ? t.leaveHint : undefined} />;
}
