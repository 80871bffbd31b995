import { selectUserRole } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { selectVisiblePrograms } from './contentSelectors';
import { ProgramListScreen } from './components/ProgramListScreen';
import { programListMessages } from './content.messages';
import { useMessages } from '../../shared/i18n/messages';

/** '/' when signed in: the program tiles (docs/spec/portal-spec.md section 2). */
export default function SelectProgramPage() {
  const role = useAppSelector(selectUserRole);
  const programs = useAppSelector(selectVisiblePrograms);
  const t = useMessages(programListMessages);
  return (
    <ProgramListScreen
      title={role === 'student' ? t.selectYourProgram : t.selectProgram}
      kind="selectProgram"
      programs={programs}
      tileRoute={paths.selectModel}
    />
  );
}
