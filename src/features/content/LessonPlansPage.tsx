import { Navigate } from 'react-router';
import { selectUserName, selectUserRole } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { programRouteName, selectLessonPlanPrograms } from './contentSelectors';
import { ProgramListScreen } from './components/ProgramListScreen';

/** '/lesson_plans/:userName': the programs (without 7767), each to its lesson-plan list. */
export default function LessonPlansPage() {
  const role = useAppSelector(selectUserRole);
  const userName = useAppSelector(selectUserName);
  const programs = useAppSelector(selectLessonPlanPrograms);
  // Students see building instructions only (portal-spec.md section 6).
  if (role === 'student') return <Navigate to={paths.buildingInstructions(userName ?? '')} replace />;
  return (
    <ProgramListScreen
      title="Lesson Plans"
      kind="lessonPlans"
      programs={programs}
      linkTo={(program) => paths.selectModelLessonPlans(programRouteName(program), program.id)}
    />
  );
}
