import { useAtom } from '../../shared/i18n/useAtom';
import { useId } from 'react';
import styled from 'styled-components';
import { sessionActions } from '../../entities/session/sessionSlice';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, locale } from '../../shared/i18n/i18n';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch } from '../../shared/storeHooks';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { layoutMessages } from './layout.messages';

const Select = styled.select`
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border: 2px solid rgba(255, 255, 255, 0.7);
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brandDark};
  color: #fff;
  font: inherit;
`;

/** The language of a signed-out device (the login page); signed in, the header menu offers the same. */
export function LanguageSelect() {
  const dispatch = useAppDispatch();
  const shown = useAtom(locale);
  const t = useMessages(layoutMessages);
  const id = useId();
  return (
    <>
      <VisuallyHidden as="label" htmlFor={id}>
        {t.language}
      </VisuallyHidden>
      <Select id={id} value={isLanguage(shown) ? shown : 'en'} onChange={(event) => isLanguage(event.target.value) && dispatch(sessionActions.languageChosen({ language: event.target.value }))}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language} translate="no">
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </Select>
    </>
  );
}
