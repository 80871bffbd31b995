import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { selectVisiblePrograms } from './contentSelectors';
import { ProgramListScreen } from './components/ProgramListScreen';
import { programListMessages } from './content.messages';
import { useMessages } from '../../shared/i18n/messages';

/** '/building_instructions/:userName': the programs, each to its model list. */
export default function BuildingInstructionsPage() {
  const programs = useAppSelector(selectVisiblePrograms);
  const t = useMessages(programListMessages);
  return (
    <ProgramListScreen
      title={t.buildingInstructions}
      kind="buildingInstructions"
      programs={programs}
      tileRoute={paths.selectModel}
    />
  );
}
