/** Pieces the three list screens share: load states, the export button and its outcome. */
import { useRetryWhenOnline } from '../../../shared/retryWhenOnline';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Link } from 'react-router';
import { failureMessage } from '../../../shared/failureMessage';
import { paths } from '../../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import type { TableId } from './rosterColumns';
import { selectListLoad } from '../../../entities/roster/rosterListsSelectors';
import { selectExportFlow } from '../rosterSelectors';
import { rosterActions } from '../rosterSlice';
import type { ShownQuery } from './rosterView';
import { SkeletonTable } from './RosterTable';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { useMessages } from '../../../shared/i18n/messages';
import { rosterMessages } from '../roster.messages';
import type { RosterNoun } from './RosterSearchBar';

/** What every roster list page does: load on opening (and on retry). */
export function useRosterList(opened: () => UnknownAction) {
  const dispatch = useAppDispatch();
  const open = useCallback(() => dispatch(opened()), [dispatch, opened]);
  useEffect(() => {
    open();
  }, [open]);
  return { open };
}

interface ListBodyProps {
  /** What the list holds (for the loading text). */
  noun: RosterNoun;
  headers: readonly string[];
  rowCount: number;
  onRetry: () => void;
  empty: ReactNode;
  children: ReactNode;
  /**
   * Shown under the list once it is no longer loading. While the placeholder rows show, the
   * list's final height is unknown: anything under them would be pushed down when the rows
   * arrive (a layout shift), so it waits and appears in place.
   */
  footer?: ReactNode;
}

/**
 * Loading shows placeholder rows; a failure says so plainly with Try again (the spec lets loading
 * just stop, which leaves an empty screen: a calm message is kinder); no rows shows the empty state.
 * Rows already in the store stay visible while a reload runs.
 */
export function ListBody({ noun, headers, rowCount, onRetry, empty, children, footer = null }: ListBodyProps) {
  const { status, error } = useAppSelector(selectListLoad);
  const t = useMessages(rosterMessages);
  useRetryWhenOnline(status === 'failed', onRetry);
  if (status === 'failed') {
    return (
      <>
        <Message $tone="error" role="alert">
          {/* Plain words for a failed list load; never the server's own text. */}
          <p>{t.loadFailed({ reason: failureMessage(error) })}</p>
          <p>
            <Button type="button" $variant="secondary" onClick={onRetry}>
              {t.tryAgain}
            </Button>
          </p>
        </Message>
        {footer}
      </>
    );
  }
  if ((status === 'idle' || status === 'loading') && rowCount === 0) {
    return (
      <>
        <p role="status" aria-live="polite">
          {noun === 'student' ? t.loadingStudents : t.loadingFranchiseOwners}
        </p>
        <SkeletonTable headers={headers} />
      </>
    );
  }
  return (
    <>
      {rowCount === 0 ? empty : children}
      {footer}
    </>
  );
}

/** The empty state of both students lists: the way to add the first one. */
export function NoStudentsYet({ userName, ownerId = null }: { userName: string; ownerId?: number | null }) {
  const t = useMessages(rosterMessages);
  return (
    <Message $tone="info">
      <p>{t.noStudentsYet}</p>
      <p>
        <Link to={paths.signUpNewStudent.href({ userName, ownerId })}>{t.signUpNewStudent}</Link>
      </p>
    </Message>
  );
}

/**
 * The export button; the spreadsheet library loads only when it is pressed (roster/exportRequested).
 * The file has the rows the table shows: the same view (`query`) picks them.
 */
export function ExportButton({
  table,
  userName,
  ownerId,
  query,
  disabled,
  label,
}: {
  table: TableId;
  query: ShownQuery;
  /** Students list only: whose list it is. */
  userName?: string;
  ownerId?: number;
  disabled: boolean;
  label?: string;
}) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectExportFlow);
  const busy = flow.table === table && flow.status === 'loading';
  const t = useMessages(rosterMessages);
  return (
    <Button
      type="button"
      $variant="secondary"
      aria-disabled={disabled || busy}
      onClick={() => {
        if (disabled || busy) return;
        dispatch(rosterActions.exportRequested({ table, query, ...(userName === undefined ? {} : { userName }), ...(ownerId === undefined ? {} : { ownerId }) }));
      }}
    >
      {busy ? t.preparingFile : (label ?? t.exportToExcel)}
    </Button>
  );
}

/** What happened to the last export of this table, announced politely. */
export function ExportOutcome({ table }: { table: TableId }) {
  const flow = useAppSelector(selectExportFlow);
  const ref = useRef<HTMLDivElement>(null);
  const mine = flow.table === table;
  const t = useMessages(rosterMessages);
  useEffect(() => {
    if (mine && flow.status === 'failed') ref.current?.focus();
  }, [mine, flow.status]);
  return (
    <div aria-live="polite" ref={ref} tabIndex={-1}>
      {mine && flow.status === 'succeeded' && (
        <Message $tone="success">
          <p>{t.savedFile({ fileName: flow.fileName ?? '' })}</p>
          {flow.sheetNameAdjusted && <p>{t.sheetNameAdjusted({ sheetName: flow.sheetName ?? '' })}</p>}
        </Message>
      )}
      {mine && flow.status === 'failed' && (
        <Message $tone="error" role="alert">
          <p>
            {flow.error?.kind === 'network' ? t.exportNetworkFailed : t.exportFailed}
          </p>
        </Message>
      )}
    </div>
  );
}
