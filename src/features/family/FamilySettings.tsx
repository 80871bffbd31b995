/** The family's own settings: the mails' language, and each family's summary mail on or off. */
import styled from 'styled-components';
import { FAMILY_LANGUAGES, isFamilyLanguage } from '../../../contract/family';
import { failureMessage } from '../../shared/failureMessage';
import { LANGUAGE_NAMES } from '../../shared/i18n/i18n';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Card } from '../../shared/ui/Card';
import { CompactSelect } from '../../shared/ui/Field';
import { slotted, SLOT } from '../../shared/ui/slot';
import { familyTexts } from './family.messages';
import { familyActions, selectFamily, type FamilyView } from './familySlice';

const Box = styled(Card).attrs({ as: 'section' })`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
  }
`;

const Row = styled.label`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  &:has(input[type='checkbox']) {
    flex-wrap: nowrap;
    align-items: flex-start;
  }
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  input[type='checkbox'] {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.15rem 0 0;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.brand};
  }
`;

export function FamilySettings({ family }: { family: FamilyView }) {
  const dispatch = useAppDispatch();
  const t = useMessages(familyTexts);
  const { settings } = useAppSelector(selectFamily);
  const saving = settings.status === 'sending';

  return (
    <Box aria-labelledby="family-settings-title">
      <h2 id="family-settings-title">{t.settings}</h2>
      <Row as="div">
        <label htmlFor="family-language">{t.language}</label>
        <CompactSelect
          id="family-language"
          value={family.language}
          disabled={saving}
          onChange={(event) => {
            if (isFamilyLanguage(event.target.value)) dispatch(familyActions.settingsChanged({ language: event.target.value }));
          }}
        >
          {FAMILY_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code} translate="no">
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </CompactSelect>
      </Row>
      {family.summaries.map((summary) => (
        <Row key={summary.ownerId}>
          <input
            type="checkbox"
            checked={summary.subscribed}
            disabled={saving}
            onChange={(event) => dispatch(familyActions.settingsChanged({ summaries: [{ ownerId: summary.ownerId, subscribed: event.target.checked }] }))}
          />
          <span>
            {slotted(t.summaryFrom({ teacher: SLOT }), <bdi translate="no">{summary.teacherName}</bdi>)} ({summary.frequency === 'weekly' ? t.weekly : t.monthly})
          </span>
        </Row>
      ))}
      <p role="status">{saving ? t.saving : settings.status === 'sent' ? t.saved : ''}</p>
      {settings.status === 'failed' && <p role="alert">{t.notSaved({ reason: failureMessage(settings.error) })}</p>}
    </Box>
  );
}
