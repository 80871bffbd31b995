import { useParams } from 'react-router';
import { selectUserName } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { LessonPlanCard } from './components/LessonPlanCard';
import { ModelsScreen } from './components/ModelsScreen';
import { modelListMessages } from './content.messages';
import { useMessages } from '../../shared/i18n/messages';

/** '/select-model-lesson-plans/:programName/:programId': each model's lesson plan, opened in a new tab (not for students: app/routes.tsx). */
export default function SelectModelLessonPlansPage() {
  const { programName = '', programId = '' } = useParams();
  const id = Number(programId);
  const userName = useAppSelector(selectUserName) ?? '';
  const t = useMessages(modelListMessages);
  return (
    <ModelsScreen
      programId={id}
      heading={(title) => (title ? t.lessonPlansOf({ program: title }) : t.lessonPlans)}
      backTo={paths.lessonPlans.href({ userName })}
      renderCard={(card, position) => <LessonPlanCard lesson={card.lesson} lessonNumber={position} program={{ name: programName, id }} />}
    />
  );
}
