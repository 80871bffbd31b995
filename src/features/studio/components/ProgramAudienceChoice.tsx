/** The programs list's audience choice for one program: chosen, it is saved as the program's draft at once. */
import type { StudioProgram } from '../../../../contract/studio';
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { audienceMessages } from '../audience.messages';
import { selectEditor, selectProgramForm, studioFailure } from '../studioSelectors';
import { studioActions } from '../studioSlice';
import { AudienceSelect } from './AudienceSelect';

export function ProgramAudienceChoice({ program }: { program: StudioProgram }) {
  const dispatch = useAppDispatch();
  const t = useMessages(audienceMessages);
  // What was chosen shows at once (the form), also while it is being saved.
  const form = useAppSelector((state) => selectProgramForm(state, program.id));
  const failed = useAppSelector((state) => selectEditor(state, program.id))?.failed;
  return (
    <div>
      <AudienceSelect
        id={`program-${program.id}-audience`}
        label={t.audienceOf({ title: program.title })}
        value={form?.audience ?? program.audience}
        onChange={(audience) => {
          dispatch(studioActions.programFieldChanged({ id: program.id, changes: { audience } }));
          dispatch(studioActions.saveRequested({ id: program.id, action: 'save' }));
        }}
      />
      {failed?.action === 'save' && (
        <p role="alert">{t.audienceNotSaved({ reason: studioFailure(failed.error) })}</p>
      )}
    </div>
  );
}
