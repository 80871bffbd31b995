import { useParams } from 'react-router';
import { selectUserName } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { ModelCard } from './components/ModelCard';
import { ModelsScreen } from './components/ModelsScreen';

/** '/select-model/:programName/:programId': a program's models with their unlock state. */
export default function SelectModelPage() {
  const { programName = '', programId = '' } = useParams();
  const id = Number(programId);
  const userName = useAppSelector(selectUserName) ?? '';
  return (
    <ModelsScreen
      programId={id}
      heading={(title) => (title ? `${title}: Select Model` : 'Select Model')}
      backTo={paths.buildingInstructions(userName)}
      backLabel="All programs"
      renderCard={(card) => (
        <ModelCard card={card} instructionsPath={paths.modelBuildingInstructions(programName, id, card.lesson.id)} />
      )}
    />
  );
}
