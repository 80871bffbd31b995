import { useEffect } from 'react';
import { Navigate, useMatch, useParams } from 'react-router';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { PageLoading } from '../../shared/ui/PageLoading';
import { programRouteName, selectLessonPlanPrograms, selectProgramsLoad, selectVisiblePrograms } from './contentSelectors';
import { contentActions } from './contentSlice';
import { sameName } from './model/modelNames';
import { programListMessages } from './content.messages';
import { useMessages } from '../../shared/i18n/messages';

/**
 * '/building_instructions/:userName/:programName' and '/lesson_plans/:userName/:programName': the spec
 * shows no screen for them, so they lead to that program's model list (or lesson-plan list); an
 * unknown program leads back to the program list, so no link ends on an empty page.
 */
export default function ProgramRedirectPage() {
  const dispatch = useAppDispatch();
  const { userName = '', programName = '' } = useParams();
  const lessonPlans = useMatch(paths.lessonPlansProgram.pattern) !== null;
  const visible = useAppSelector(selectVisiblePrograms);
  const lessonPlanPrograms = useAppSelector(selectLessonPlanPrograms);
  const load = useAppSelector(selectProgramsLoad);
  const t = useMessages(programListMessages);
  const programs = lessonPlans ? lessonPlanPrograms : visible;
  const kind = lessonPlans ? 'lessonPlans' : 'buildingInstructions';

  useEffect(() => {
    dispatch(contentActions.programsPageOpened({ kind }));
  }, [dispatch, kind]);

  const program = programs.find(
    (p) => sameName(programRouteName(p), programName) || sameName(p.title, programName) || sameName(p.displayTitle, programName),
  );
  if (program) {
    const to = lessonPlans
      ? paths.selectModelLessonPlans.href({ programName: programRouteName(program), programId: program.id })
      : paths.selectModel.href({ programName: programRouteName(program), programId: program.id });
    return <Navigate to={to} replace />;
  }
  if (load.status === 'succeeded' || load.status === 'failed') {
    return <Navigate to={lessonPlans ? paths.lessonPlans.href({ userName }) : paths.buildingInstructions.href({ userName })} replace />;
  }
  return <PageLoading label={t.openingProgram} />;
}
