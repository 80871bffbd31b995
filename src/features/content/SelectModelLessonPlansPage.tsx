import { useParams } from 'react-router';
import { selectUserName } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { LessonPlanCard } from './components/LessonPlanCard';
import { ModelsScreen } from './components/ModelsScreen';
import { useContentFeature } from './contentFeature';

/** '/select-model-lesson-plans/:programName/:programId': each model's lesson plan, opened in a new tab (not for students: app/routes.tsx). */
export default function SelectModelLessonPlansPage() {
  useContentFeature();
  const { programName = '', programId = '' } = useParams();
  const id = Number(programId);
  const userName = useAppSelector(selectUserName) ?? '';
  return (
    <ModelsScreen
      programId={id}
      heading={(title) => (title ? `${title}: Lesson Plans` : 'Lesson Plans')}
      backTo={paths.lessonPlans.href({ userName })}
      backLabel="All programs"
      renderCard={(card, position) => <LessonPlanCard lesson={card.lesson} lessonNumber={position} program={{ name: programName, id }} />}
    />
  );
}
