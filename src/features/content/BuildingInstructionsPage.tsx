import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { selectVisiblePrograms } from './contentSelectors';
import { ProgramListScreen } from './components/ProgramListScreen';
import { useContentFeature } from './contentFeature';

/** '/building_instructions/:userName': the programs, each to its model list. */
export default function BuildingInstructionsPage() {
  useContentFeature();
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
