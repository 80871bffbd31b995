import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { selectVisiblePrograms } from './contentSelectors';
import { ProgramListScreen } from './components/ProgramListScreen';

/** '/building_instructions/:userName': the programs, each to its model list. */
export default function BuildingInstructionsPage() {
  const programs = useAppSelector(selectVisiblePrograms);
  return (
    <ProgramListScreen
      title="Building Instructions"
      kind="buildingInstructions"
      programs={programs}
      tileRoute={paths.selectModel}
    />
  );
}
