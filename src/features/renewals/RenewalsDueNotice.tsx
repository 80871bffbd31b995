/**
 * "3 renewals due", a calm line on the owner's students list that leads to the list of them. The
 * app shows it once the students list is usable (src/app/pageNotices.tsx); it asks for the count in
 * its own saga once the students are on screen, and shows nothing when there are none or when the count could not be read.
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { selectListLoad } from '../../entities/roster/rosterListsSelectors';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { useFeature } from '../../shared/useFeature';
import { Message } from '../../shared/ui/Message';
import { renewalsMessages } from './renewals.messages';
import { renewalsActions, selectRenewals } from './renewalsSlice';

export default function RenewalsDueNotice() {
  const joined = useFeature('renewals');
  const dispatch = useAppDispatch();
  const { count } = useAppSelector(selectRenewals);
  const t = useMessages(renewalsMessages);
  // After the students are on screen: the count never competes with the list it sits on.
  const listShown = useAppSelector(selectListLoad).status === 'succeeded';
  useEffect(() => {
    if (joined && listShown) dispatch(renewalsActions.countRequested());
  }, [joined, listShown, dispatch]);
  if (!joined || count.status !== 'ready' || count.value <= 0) return null;
  return (
    <Message $tone="info" role="status">
      <p>
        <Link to={paths.renewals.href()}>{t.dueCount(count.value)}</Link>
      </p>
    </Message>
  );
}
