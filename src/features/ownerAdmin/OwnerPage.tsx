/**
 * /admin/owners/:ownerId (administrators, portal backend): one franchise owner's details (edit),
 * this month's figures and her status: Deactivate, with her students handed over or kept, or
 * Reactivate; the outcome in words, and her changes in the audit log.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import type { OwnerRecord } from '../../../contract/owners';
import { rosterListsActions } from '../../entities/roster/rosterListsSlice';
import { media } from '../../shared/breakpoints';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { AFTER_EMAIL_PARTS, breakable } from '../../shared/ui/Breakable';
import { Button } from '../../shared/ui/Button';
import { Facts } from '../../shared/ui/Facts';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Subtitle, Title } from '../../shared/ui/Text';
import { DeactivateDialog } from './DeactivateDialog';
import { ownerAdminMessages } from './ownerAdmin.messages';
import { selectOwnerName, selectOwnerView } from './ownerAdminSelectors';
import { ownerAdminActions, type OwnerChangeDone } from './ownerAdminSlice';
import { OwnerEditForm } from './OwnerEditForm';
import { changeFailureText } from './ownerEdit';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[5]}px;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** On a phone a long label (in Spanish above all) would leave its value a sliver: labels go above. */
const OwnerFacts = styled(Facts)`
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    row-gap: 0;
    dd {
      margin-bottom: ${({ theme }) => theme.space[3]}px;
    }
  }
`;

const Badge = styled.span<{ $off: boolean }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ $off, theme }) => ($off ? theme.colors.danger : theme.colors.leaf)};
  background: ${({ $off, theme }) => ($off ? theme.colors.dangerSurface : theme.colors.successSurface)};
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space[2]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

type Mode = 'view' | 'edit' | 'deactivate';
type Texts = ReturnType<typeof ownerAdminMessages.get>;

const fullName = (record: OwnerRecord) => `${record.firstName} ${record.lastName}`.trim() || record.username;

/** The last change's outcome in words. */
function doneText(t: Texts, done: OwnerChangeDone, record: OwnerRecord, receiver: string | null): string {
  const name = fullName(record);
  if (done.kind === 'edit') return t.saved;
  if (done.kind === 'reactivate') return t.reactivated({ name });
  if (done.handedOver) return t.deactivatedHandedOver(done.handedOver.students)({ name, owner: receiver ?? t.anotherOwner });
  return t.deactivatedKept({ name, firstName: record.firstName });
}

function StatusBadge({ record }: { record: OwnerRecord }) {
  const t = useMessages(ownerAdminMessages);
  const formatters = useFormatters();
  const off = record.status === 'deactivated';
  const since = record.deactivatedAt ? new Date(record.deactivatedAt) : null;
  return <Badge $off={off}>{off ? (since && !Number.isNaN(since.getTime()) ? t.deactivatedOn({ date: formatters.date(since) }) : t.deactivated) : t.active}</Badge>;
}

function OwnerDetails({ record, mode, setMode }: { record: OwnerRecord; mode: Mode; setMode: (mode: Mode) => void }) {
  const dispatch = useAppDispatch();
  const t = useMessages(ownerAdminMessages);
  const formatters = useFormatters();
  const owner = useAppSelector((state) => selectOwnerView(state, record.ownerId));
  const receiver = useAppSelector((state) => (owner.done?.handedOver ? selectOwnerName(state, owner.done.handedOver.toOwnerId) : null));
  const close = useCallback(() => {
    dispatch(ownerAdminActions.changeDismissed({ id: record.ownerId }));
    setMode('view');
  }, [dispatch, record.ownerId, setMode]);
  const deactivated = record.status === 'deactivated';
  const reactivating = owner.busy === 'reactivate';
  const reactivateFailure = owner.failed?.kind === 'reactivate' ? owner.failed.error : null;
  const outcome = owner.done && mode === 'view' ? doneText(t, owner.done, record, receiver) : null;

  return (
    <>
      <div aria-live="polite">{outcome && <Message $tone="success">{outcome}</Message>}</div>
      {reactivateFailure && (
        <Message $tone="error" role="alert">
          <p>{changeFailureText(t.notReactivated, reactivateFailure)}</p>
        </Message>
      )}
      <Section aria-labelledby="owner-details">
        <h2 id="owner-details">{t.details}</h2>
        {mode === 'edit' ? (
          <OwnerEditForm record={record} onClose={close} />
        ) : (
          <OwnerFacts>
            <dt>{t.status}</dt>
            <dd>
              <StatusBadge record={record} />
            </dd>
            {/* People's data: shown as typed, never translated. */}
            <dt>{t.username}</dt>
            <dd translate="no">{record.username}</dd>
            <dt>{t.email}</dt>
            <dd translate="no">{breakable(record.email, AFTER_EMAIL_PARTS)}</dd>
            <dt>{t.country}</dt>
            <dd translate="no">{record.country}</dd>
            <dt>{t.state}</dt>
            <dd translate="no">{record.state}</dd>
            <dt>{t.territory}</dt>
            <dd translate="no">{record.territory}</dd>
          </OwnerFacts>
        )}
      </Section>
      <Section aria-labelledby="owner-figures">
        <h2 id="owner-figures">{t.figures}</h2>
        <OwnerFacts>
          <dt>{t.students}</dt>
          <dd>{formatters.number(record.students)}</dd>
          <dt>{t.activeThisMonth}</dt>
          <dd>{formatters.number(record.activeStudentsThisMonth)}</dd>
          <dt>{t.meetingsThisMonth}</dt>
          <dd>{formatters.number(record.meetingsThisMonth)}</dd>
        </OwnerFacts>
        <Note>{t.figuresExplained}</Note>
      </Section>
      {mode !== 'edit' && (
        <Toolbar>
          <Button type="button" onClick={() => setMode('edit')}>
            {t.edit}
          </Button>
          {deactivated ? (
            <Button type="button" $variant="secondary" aria-disabled={reactivating || undefined} onClick={() => !reactivating && dispatch(ownerAdminActions.changeRequested({ id: record.ownerId, change: { kind: 'reactivate' } }))}>
              {reactivating ? t.reactivating : t.reactivate}
            </Button>
          ) : (
            <Button type="button" $variant="secondary" onClick={() => setMode('deactivate')}>
              {t.deactivate}
            </Button>
          )}
          <Link to={`${paths.auditLog.href()}?owner=${record.ownerId}`}>{t.history}</Link>
        </Toolbar>
      )}
      {mode === 'deactivate' && <DeactivateDialog record={record} onClose={close} />}
    </>
  );
}

export default function OwnerPage() {
  const { ownerId = '' } = useParams();
  const id = /^\d{1,10}$/.test(ownerId) ? Number(ownerId) : null;
  const dispatch = useAppDispatch();
  const t = useMessages(ownerAdminMessages);
  const owner = useAppSelector((state) => selectOwnerView(state, id ?? 0));
  const [mode, setMode] = useState<Mode>('view');
  const open = useCallback(() => {
    if (id === null) return;
    dispatch(ownerAdminActions.ownerOpened({ id }));
    dispatch(ownerAdminActions.totalsRequested());
    // The other owners' names, for the hand-over's choice.
    dispatch(rosterListsActions.listsNeeded());
  }, [dispatch, id]);
  useEffect(() => {
    open();
  }, [open]);

  const record = id === null ? null : owner.record;
  const gone = id === null || (owner.status === 'failed' && owner.error?.status === 404);
  return (
    <Page aria-labelledby="owner-title">
      <p>
        <Link to={paths.franchiseOwnersList.href()}>{t.backToOwners}</Link>
      </p>
      {record ? (
        <>
          <Title id="owner-title" translate="no">
            {fullName(record)}
          </Title>
          <Subtitle>{t.franchiseOwner}</Subtitle>
          <OwnerDetails key={record.ownerId} record={record} mode={mode} setMode={setMode} />
        </>
      ) : (
        <>
          <Title id="owner-title">{t.franchiseOwner}</Title>
          {gone ? (
            <Message $tone="info">
              <p>{t.notFound}</p>
            </Message>
          ) : owner.status === 'failed' ? (
            <LoadFailed what={t.what} error={owner.error} onRetry={open} />
          ) : (
            <SkeletonBlock $height={240} role="status" aria-label={t.loading} />
          )}
        </>
      )}
    </Page>
  );
}
