import { useAtom } from '../../shared/i18n/useAtom';
import { lazy, Suspense } from 'react';
import type { Role } from '../../api/types';
import { selectCapabilities } from '../../entities/config/configSlice';
import { usePageLoaded } from '../../shared/pageLoad';
import { paths } from '../../shared/paths';
import { requestProblemReport } from '../../shared/problemReportRequests';
import { MenuButton, type MenuEntry } from '../../shared/ui/MenuButton';
import { sessionActions } from '../../entities/session/sessionSlice';
import { LANGUAGE_NAMES, LANGUAGES, locale } from '../../shared/i18n/i18n';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { roleMenu } from './menuItems';
import { useMessages } from '../../shared/i18n/messages';
import { menuMessages } from './menu.messages';

const TermsCheck = lazy(() => import(/* webpackChunkName: "terms-check" */ './termsCheck/TermsCheck'));

function GearIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
      <path d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1l-.4-2.7h-4l-.4 2.7a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L4.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1l.4 2.7h4l.4-2.7c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5L19.4 13ZM12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z" />
    </svg>
  );
}

/**
 * The header's gear menu: the role's links (docs/spec/portal-spec.md section 2), Terms of use and
 * Log out. Its own chunk ("header-menu"): the login page never shows it, so the login's budget does
 * not carry it.
 */
export default function HeaderMenu({ role, userName, onLogOut }: { role: Role | null; userName: string; onLogOut: () => void }) {
  const contentStudio = useAppSelector(selectCapabilities).contentStudio === true;
  const dispatch = useAppDispatch();
  const shownLanguage = useAtom(locale);
  const t = useMessages(menuMessages);
  // The terms check's panel appears a moment after the page is usable.
  const pageLoaded = usePageLoaded();
  const entries: MenuEntry[] = [
    ...roleMenu(t, role, userName, contentStudio).map((link): MenuEntry => ({ kind: 'link', ...link })),
    { kind: 'separator', key: 'general' },
    { kind: 'link', label: t.myAccount, to: paths.account.href() },
    { kind: 'link', label: t.termsOfUse, to: paths.termsOfUse.href() },
    // Problem reports go to the portal's own backend (the one with the studio), never to WordPress.
    ...(contentStudio ? [{ kind: 'action', label: t.reportProblem, onSelect: () => requestProblemReport() } satisfies MenuEntry] : []),
    { kind: 'separator', key: 'languages' },
    ...LANGUAGES.map(
      (language): MenuEntry => ({
        kind: 'action',
        label: LANGUAGE_NAMES[language],
        lang: language,
        current: language === shownLanguage,
        onSelect: () => dispatch(sessionActions.languageChosen({ language })),
      }),
    ),
    { kind: 'separator', key: 'session' },
    { kind: 'action', label: t.logOut, onSelect: onLogOut },
  ];
  return (
    <>
      <MenuButton label={t.menu} icon={<GearIcon />} entries={entries} />
      {pageLoaded && (
        <Suspense fallback={null}>
          <TermsCheck />
        </Suspense>
      )}
    </>
  );
}
