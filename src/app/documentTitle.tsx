import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { selectIsSignedIn } from '../entities/session/sessionSelectors';
import { AppLayout } from '../features/layout/AppLayout';
import { useAppSelector } from '../shared/storeHooks';
import type { RouteHandle } from './earlyPageData';

export const SITE_TITLE = 'Youngengineer Online';

/** "{where the user is} · Youngengineer Online", from the deepest matched route's `handle.title`. */
export function useDocumentTitle(): string {
  const matches = useMatches();
  const signedIn = useAppSelector(selectIsSignedIn);
  const titled = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title);
  const where = titled ? (titled.handle as RouteHandle).title!(titled.params, { signedIn }) : '';
  const title = where ? `${where} · ${SITE_TITLE}` : SITE_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return title;
}

/** The header and page of every screen, with the document title set in this one place. */
export function TitledLayout() {
  useDocumentTitle();
  return <AppLayout />;
}
