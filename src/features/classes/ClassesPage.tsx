/**
 * /classes: the owner's classes (an administrator's: every owner's, or one owner's), each with its
 * schedule, place, next meeting and number of students; archived ones behind a switch.
 */
import { useEffect } from 'react';
import styled from 'styled-components';
import { useMessages } from '../../shared/i18n/messages';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { controlLook } from '../../shared/ui/Field';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { StateBox } from '../../shared/ui/StateBox';
import { LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { classesMessages } from './classes.messages';
import { classesActions, selectClasses, type ClassesQuery } from './classesSlice';
import { ClassList } from './ClassList';

const Filters = styled(Toolbar)`
  justify-content: space-between;
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: ${({ theme }) => theme.touchTarget}px;
  }
  select {
    ${controlLook}
    width: auto;
    max-width: 100%;
  }
`;

export default function ClassesPage() {
  const dispatch = useAppDispatch();
  const t = useMessages(classesMessages);
  const { query, list, owners: ownerChoices } = useAppSelector(selectClasses);
  const admin = useAppSelector(selectUserRole) === 'administrator';
  const load = (next: ClassesQuery) => dispatch(classesActions.listRequested(next));

  useEffect(() => {
    load(query);
    if (admin) dispatch(classesActions.ownersRequested());
    // Once, on opening: the filters load on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const owners = ownerChoices.status === 'ready' ? ownerChoices.value : [];
  const filtered = query.archived || query.ownerId !== null;

  return (
    <Page aria-labelledby="classes-title">
      <Title id="classes-title">{t.title}</Title>
      <Filters>
        <ButtonLink to={paths.newClass.href()}>{t.newClass}</ButtonLink>
        <label>
          <input type="checkbox" role="switch" checked={query.archived} onChange={(event) => load({ ...query, archived: event.target.checked })} />
          {t.showArchived}
        </label>
        {admin && (
          <label>
            <span id="classes-owner-label">{t.owner}</span>
            <select aria-labelledby="classes-owner-label" value={query.ownerId ?? ''} onChange={(event) => load({ ...query, ownerId: event.target.value === '' ? null : Number(event.target.value) })}>
              <option value="">{t.everyOwner}</option>
              {owners.map((owner) => (
                <option key={owner.id} value={owner.id} translate="no">
                  {owner.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </Filters>
      {list.status === 'failed' ? (
        <LoadFailed what={t.classesWhat} error={list.error} onRetry={() => load(query)} />
      ) : list.status !== 'ready' ? (
        <SkeletonBlock $height={240} role="status" aria-label={t.loadingClasses} />
      ) : list.classes.length === 0 ? (
        <StateBox>
          <p>{filtered ? t.noArchived : t.noClasses}</p>
          {!filtered && <ButtonLink to={paths.newClass.href()}>{t.newClass}</ButtonLink>}
        </StateBox>
      ) : (
        <ClassList classes={list.classes} showOwner={admin} />
      )}
    </Page>
  );
}
