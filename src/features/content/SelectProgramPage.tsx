import { selectUserRole } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { selectVisiblePrograms } from './contentSelectors';
import { ProgramListScreen } from './components/ProgramListScreen';
import { useContentFeature } from './contentFeature';

/** '/' when signed in: the program tiles (portal-spec.md section 2). */
export default function SelectProgramPage() {
  useContentFeature();
  const role = useAppSelector(selectUserRole);
  const programs = useAppSelector(selectVisiblePrograms);
  return (
    <ProgramListScreen
      title={role === 'student' ? 'Select Your Program' : 'Select Program'}
      kind="selectProgram"
      programs={programs}
      tileRoute={paths.selectModel}
    />
  );
}
