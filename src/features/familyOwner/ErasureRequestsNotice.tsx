/**
 * "2 families asked to erase their child's data", on the owner's students list, each child a link to
 * their page, where the erase action confirms it. Nothing when none waits or the list could not be read.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { selectListLoad } from '../../entities/roster/rosterListsSelectors';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { useFeature } from '../../shared/useFeature';
import { Message } from '../../shared/ui/Message';
import { familyOwnerTexts } from './familyOwner.messages';
import { familyOwnerActions, selectFamilyOwner } from './familyOwnerSlice';

const Children = styled.ul`
  margin: ${({ theme }) => theme.space[1]}px 0 0;
  padding-inline-start: ${({ theme }) => theme.space[5]}px;
`;

export default function ErasureRequestsNotice() {
  const joined = useFeature('familyOwner');
  const dispatch = useAppDispatch();
  const t = useMessages(familyOwnerTexts);
  const { erasureRequests } = useAppSelector(selectFamilyOwner);
  const listShown = useAppSelector(selectListLoad).status === 'succeeded';
  useEffect(() => {
    if (joined && listShown) dispatch(familyOwnerActions.erasureRequestsRequested());
  }, [joined, listShown, dispatch]);
  if (!joined || erasureRequests.status !== 'ready' || erasureRequests.value.length === 0) return null;
  return (
    <Message $tone="info" role="status" data-testid="erasure-requests-notice">
      <p>{t.noticeCount(erasureRequests.value.length)}</p>
      <Children>
        {erasureRequests.value.map((request) => (
          <li key={request.studentId}>
            <Link to={`${paths.student.href({ studentId: request.studentId })}#data`} translate="no">
              {request.firstName} {request.lastName}
            </Link>
          </li>
        ))}
      </Children>
    </Message>
  );
}
