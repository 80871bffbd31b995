/** The choice of the language the model editor's tab names and step texts are typed in: English, עברית, Español. */
import { useId } from 'react';
import styled from 'styled-components';
import { LANGUAGE_NAMES } from '../../../shared/i18n/i18n';
import { useMessages } from '../../../shared/i18n/messages';
import { TEXT_LANGUAGES, type TextLanguage } from '../model/texts';
import { studioTextsMessages } from '../texts.messages';

const Group = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-block-end: ${({ theme }) => theme.space[1]}px;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  p {
    margin: ${({ theme }) => theme.space[1]}px 0 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Choices = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  border: 2px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.pill};
  overflow: hidden;
`;

const Choice = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  color: ${({ theme }) => theme.colors.accent};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  &:has(input:checked) {
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.surface};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;

export function TextLanguageSwitch({ value, onChange }: { value: TextLanguage; onChange: (language: TextLanguage) => void }) {
  const t = useMessages(studioTextsMessages);
  const name = useId();
  return (
    <Group aria-describedby={`${name}-hint`}>
      <legend>{t.switchLabel}</legend>
      <Choices>
        {TEXT_LANGUAGES.map((language) => (
          <Choice key={language} lang={language} translate="no">
            <input type="radio" name={name} value={language} checked={value === language} onChange={() => onChange(language)} />
            {LANGUAGE_NAMES[language]}
          </Choice>
        ))}
      </Choices>
      <p id={`${name}-hint`}>{t.switchHint}</p>
    </Group>
  );
}
