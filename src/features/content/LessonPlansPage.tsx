import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { selectLessonPlanPrograms } from './contentSelectors';
import { ProgramListScreen } from './components/ProgramListScreen';
import { useContentFeature } from './contentFeature';

/** '/lesson_plans/:userName': the programs (without 7767), each to its lesson-plan list (students never get here: app/routes.tsx). */
export default function LessonPlansPage() {
  useContentFeature();
  const programs = useAppSelector(selectLessonPlanPrograms);
  return (
    <ProgramListScreen
      title="Lesson Plans"
      kind="lessonPlans"
      programs={programs}
      tileRoute={paths.selectModelLessonPlans}
    />
  );
}
