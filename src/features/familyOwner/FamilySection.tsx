/**
 * "Family" on a student's page: the language of the family's mails (the owner sets it, the parent
 * may change it) and, when the family asked for the child's data to be erased, that request: the
 * erase action under "The child's data" confirms it.
 */
import { useEffect } from 'react';
import styled from 'styled-components';
import { FAMILY_LANGUAGES, isFamilyLanguage } from '../../../contract/family';
import type { StudentPageSectionProps } from '../../entities/students/studentPage';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { failureMessage } from '../../shared/failureMessage';
import { useFormatters } from '../../shared/i18n/formatting';
import { LANGUAGE_NAMES } from '../../shared/i18n/i18n';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { useFeature } from '../../shared/useFeature';
import { CompactSelect } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { familyOwnerTexts } from './familyOwner.messages';
import { familyOwnerActions, selectFamilyLanguage, selectFamilyOwner } from './familyOwnerSlice';

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  justify-items: start;
  p {
    margin: 0;
  }
  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export default function FamilySection({ student, erased }: StudentPageSectionProps) {
  const joined = useFeature('familyOwner');
  const dispatch = useAppDispatch();
  const t = useMessages(familyOwnerTexts);
  const formatters = useFormatters();
  // An administrator names the family's owner; an owner's families are her own.
  const ownerId = useAppSelector(selectUserRole) === 'administrator' ? student.teacherId : null;
  const parentEmail = student.parentEmail.trim();
  const family = useAppSelector((state) => selectFamilyLanguage(state, parentEmail));
  const requests = useAppSelector(selectFamilyOwner).erasureRequests;
  const asked = requests.status === 'ready' ? requests.value.find((request) => request.studentId === student.id) : undefined;

  useEffect(() => {
    if (!joined || erased) return;
    if (parentEmail) dispatch(familyOwnerActions.languageRequested({ parentEmail, ownerId }));
    // The waiting requests: an owner's own, or every owner's for the office (it confirms them too).
    dispatch(familyOwnerActions.erasureRequestsRequested());
  }, [joined, erased, parentEmail, ownerId, dispatch]);

  if (!joined || erased) return null;
  const saving = family?.save.status === 'saving';
  return (
    <Box>
      {asked && (
        <Message $tone="info" role="status">
          <p>{t.erasureAsked({ date: formatters.date(new Date(asked.requestedAt)) })}</p>
        </Message>
      )}
      {!parentEmail ? (
        <p>{t.noParentEmail}</p>
      ) : family?.language.status === 'failed' ? (
        <p role="alert">{failureMessage(family.language.error)}</p>
      ) : family?.language.status !== 'ready' ? (
        <p role="status">{t.loading}</p>
      ) : (
        <>
          <label htmlFor={`family-language-${student.id}`}>{t.language}</label>
          <CompactSelect
            id={`family-language-${student.id}`}
            aria-describedby={`family-language-hint-${student.id}`}
            value={family.language.value}
            disabled={saving}
            onChange={(event) => {
              if (isFamilyLanguage(event.target.value)) dispatch(familyOwnerActions.languageChanged({ parentEmail, ownerId, language: event.target.value }));
            }}
          >
            {FAMILY_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code} translate="no">
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </CompactSelect>
          <Hint id={`family-language-hint-${student.id}`}>{t.languageHint}</Hint>
          <p role="status">{saving ? t.saving : family.save.status === 'saved' ? t.saved : ''}</p>
          {family.save.status === 'failed' && <p role="alert">{t.notSaved({ reason: failureMessage(family.save.error) })}</p>}
        </>
      )}
    </Box>
  );
}
