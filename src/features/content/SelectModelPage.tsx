import { useParams } from 'react-router';
import { selectUserName, selectUserRole } from '../../entities/session/sessionSelectors';
import { PrepareForClass } from './prepare/PrepareForClass';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { ModelCard } from './components/ModelCard';
import { ModelsScreen } from './components/ModelsScreen';
import { modelListMessages } from './content.messages';
import { useMessages } from '../../shared/i18n/messages';

/** '/select-model/:programName/:programId': a program's models with their unlock state. */
export default function SelectModelPage() {
  const { programName = '', programId = '' } = useParams();
  const id = Number(programId);
  const userName = useAppSelector(selectUserName) ?? '';
  const role = useAppSelector(selectUserRole);
  const t = useMessages(modelListMessages);
  const teaches = role === 'franchise_owner' || role === 'administrator';
  return (
    <ModelsScreen
      programId={id}
      // The program's name from the address until the program itself has loaded: the heading's
      // text (and its line count on a phone) stays put, so nothing below it shifts (CLS).
      heading={(title) => {
        const name = title ?? programName;
        return name ? t.selectModelOf({ program: name }) : t.selectModel;
      }}
      backTo={paths.buildingInstructions.href({ userName })}
      tools={teaches && <PrepareForClass programId={id} />}
      renderCard={(card, position) => (
        <ModelCard
          card={card}
          position={position}
          program={{ name: programName, id }}
          instructionsPath={paths.modelBuildingInstructions.href({ programName, programId: id, lessonId: card.lesson.id })}
        />
      )}
    />
  );
}
