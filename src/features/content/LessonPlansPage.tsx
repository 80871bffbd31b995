import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { selectLessonPlanPrograms } from './contentSelectors';
import { ProgramListScreen } from './components/ProgramListScreen';
import { programListMessages } from './content.messages';
import { useMessages } from '../../shared/i18n/messages';

/** '/lesson_plans/:userName': the programs (without 7767), each to its lesson-plan list (students never get here: app/routes.tsx). */
export default function LessonPlansPage() {
  const programs = useAppSelector(selectLessonPlanPrograms);
  const t = useMessages(programListMessages);
  return (
    <ProgramListScreen
      title={t.lessonPlans}
      kind="lessonPlans"
      programs={programs}
      tileRoute={paths.selectModelLessonPlans}
    />
  );
}
