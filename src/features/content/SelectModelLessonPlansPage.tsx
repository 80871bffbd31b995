import { Navigate, useParams } from 'react-router';
import { selectUserName, selectUserRole } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { LessonPlanCard } from './components/LessonPlanCard';
import { ModelsScreen } from './components/ModelsScreen';

/** '/select-model-lesson-plans/:programName/:programId': each model's lesson plan, opened in a new tab. */
export default function SelectModelLessonPlansPage() {
  const { programId = '' } = useParams();
  const id = Number(programId);
  const userName = useAppSelector(selectUserName) ?? '';
  const role = useAppSelector(selectUserRole);
  // Students see building instructions only (portal-spec.md section 6).
  if (role === 'student') return <Navigate to={paths.buildingInstructions(userName)} replace />;
  return (
    <ModelsScreen
      programId={id}
      heading={(title) => (title ? `${title}: Lesson Plans` : 'Lesson Plans')}
      backTo={paths.lessonPlans(userName)}
      backLabel="All programs"
      renderCard={(card, position) => <LessonPlanCard lesson={card.lesson} lessonNumber={position} />}
    />
  );
}
