/**
 * The site's programs on the import screen, read through the server once the office asks: a box for
 * each (all ticked at first), so an import brings only the programs ticked, with their models.
 */
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { importActions } from '../importSlice';
import { studioImportMessages } from '../studio.messages';
import { selectStudio, studioFailure } from '../studioSelectors';
import { SelectBox } from './BulkActions';
import { Bar } from './StudioParts';

export function ImportSitePrograms({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch();
  const site = useAppSelector((state) => selectStudio(state).import.site);
  const t = useMessages(studioImportMessages);
  if (site.status === 'idle') return null;
  if (site.status === 'loading') return <p role="status">{t.readingPrograms}</p>;
  if (site.status === 'failed') {
    return (
      <Message $tone="error" role="alert">
        <p>{t.programsNotRead({ reason: studioFailure(site.error) })}</p>
      </Message>
    );
  }
  if (site.programs.length === 0) return <p>{t.noSitePrograms}</p>;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '12px 0' }} disabled={disabled}>
      <legend>{t.siteProgramsLegend}</legend>
      <p aria-live="polite">{t.chosenCount({ chosen: String(site.chosen.length), total: String(site.programs.length) })}</p>
      <Bar>
        <Button type="button" $variant="secondary" onClick={() => dispatch(importActions.siteProgramsAllChosen(true))}>
          {t.chooseAll}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => dispatch(importActions.siteProgramsAllChosen(false))}>
          {t.chooseNone}
        </Button>
      </Bar>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {site.programs.map((program) => (
          <li key={program.id}>
            <SelectBox style={{ gap: 8, justifyContent: 'flex-start' }}>
              <input type="checkbox" checked={site.chosen.includes(program.id)} onChange={() => dispatch(importActions.siteProgramToggled(program.id))} />
              <span translate="no">{program.title}</span>
              {program.models !== null && <small>({t.siteProgramModels(program.models)})</small>}
            </SelectBox>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
