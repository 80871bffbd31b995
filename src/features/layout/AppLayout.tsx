import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import styled from 'styled-components';
import { selectIsSessionValid, selectIsSignedIn, selectUserName, selectUserRole } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import { media } from '../../shared/breakpoints';
import { usePageLoaded } from '../../shared/pageLoad';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { VisuallyHidden, visuallyHidden } from '../../shared/ui/VisuallyHidden';
import { useMessages } from '../../shared/i18n/messages';
import { slotted, SLOT } from '../../shared/ui/slot';
import { layoutMessages } from './layout.messages';

/** The signed-out language choice: its own chunk, so the login page's first paint does not wait for it. */
const LanguageSelect = lazy(async () => ({ default: (await import(/* webpackChunkName: "language-select" */ './LanguageSelect')).LanguageSelect }));

/** Signed-in users only: the login page does not load the menu (see config/budgets.ts). */
const HeaderMenu = lazy(() => import(/* webpackChunkName: "header-menu" */ './HeaderMenu'));
const IdleSignOut = lazy(() => import(/* webpackChunkName: "shared-device" */ './sharedDevice/IdleSignOut'));

/** Holds the menu button's place for the moment its chunk loads, so the header does not jump. */
const MenuPlaceholder = styled.span`
  display: inline-block;
  width: ${({ theme }) => theme.touchTarget}px;
  height: ${({ theme }) => theme.touchTarget}px;
`;

const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: ${({ theme }) => theme.space[2]}px;
  top: -100px;
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.accentDark};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  &:focus {
    top: ${({ theme }) => theme.space[2]}px;
  }
`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  background: ${({ theme }) => theme.colors.brand};
  color: #fff;
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const BarInner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  max-width: 80rem;
  min-height: 64px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;

  ${media.headerMobile} {
    min-height: 56px;
    padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[3]}px;
    gap: ${({ theme }) => theme.space[2]}px;
  }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  color: #fff;
  text-decoration: none;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  white-space: nowrap;

  &:focus-visible {
    outline-color: #fff;
  }
  ${media.headerMobile} {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Logo = styled.span`
  display: inline-grid;
  place-items: center;
  width: 34px;
  height: 34px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.sun};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;


/**
 * The full name collapses to the logo on narrow phones (signed in, beside the greeting and the menu;
 * signed out, beside the language choice, on the narrowest); the link keeps its accessible name.
 */
const BrandName = styled.span<{ $compact: boolean }>`
  @media (max-width: ${({ $compact }) => ($compact ? 420 : 360)}px) {
    ${visuallyHidden}
  }
`;

/** Visible on wider screens only; always part of the accessible name. */
const WideOnly = styled.span`
  ${media.headerMobile} {
    ${visuallyHidden}
  }
`;

const Spacer = styled.span`
  flex: 1;
`;

const Greeting = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  max-width: 16rem;

  ${media.headerMobile} {
    max-width: 9rem;
  }
`;

const NavButton = styled.button`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border: 0;
  background: none;
  color: #fff;
  text-decoration: underline;
  white-space: nowrap;
  cursor: pointer;
  &:focus-visible {
    outline-color: #fff;
  }
`;

const Main = styled.main`
  max-width: 80rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]}px;

  ${media.headerMobile} {
    padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[2]}px;
  }
  &:focus {
    outline: none;
  }
`;

/** The arrow points the way the page reads back: right in Hebrew. */
const BackArrow = styled.span`
  display: inline-block;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;

/** Back in history, or home when this page was opened first. */
function GoBack() {
  const navigate = useNavigate();
  const t = useMessages(layoutMessages);
  const canGoBack = () => {
    const state: unknown = window.history.state;
    return typeof state === 'object' && state !== null && typeof (state as { idx?: unknown }).idx === 'number' && (state as { idx: number }).idx > 0;
  };
  return (
    <NavButton type="button" onClick={() => (canGoBack() ? void navigate(-1) : void navigate(paths.home.href()))}>
      {/* One inline box: a flex container would drop the spaces between its items. */}
      <span>
        <BackArrow aria-hidden="true">←</BackArrow> {slotted(t.goBack({ go: SLOT }), <WideOnly>{t.go}</WideOnly>)}
      </span>
    </NavButton>
  );
}

/**
 * The route layout: a skip link, the header, and <main id="main"> around the page. Signed in, the
 * header greets the user and carries the gear menu; signed out, it is a plain branded bar.
 */
/** `notice`: a line above every page (the app gives the offline banner, src/app/documentTitle.tsx). */
export function AppLayout({ notice }: { notice?: ReactNode }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const valid = useAppSelector(selectIsSessionValid);
  const userName = useAppSelector(selectUserName) ?? '';
  const role = useAppSelector(selectUserRole);
  const full = signedIn && valid;
  const sharedDevice = useAppSelector((state) => state.session.sharedDevice === true);
  const t = useMessages(layoutMessages);
  // The signed-out language select appears a moment after the page is usable (the login page's budget).
  const pageLoaded = usePageLoaded();

  return (
    <>
      {signedIn && sharedDevice && (
        <Suspense fallback={null}>
          <IdleSignOut />
        </Suspense>
      )}
      <SkipLink href="#main">{t.skipToContent}</SkipLink>
      <Bar>
        <BarInner>
          <Brand to={paths.home.href()}>
            <Logo aria-hidden="true" translate="no">
              YE
            </Logo>
            <BrandName $compact={full}>{t.brandName}</BrandName>
            <VisuallyHidden>{t.home}</VisuallyHidden>
          </Brand>
          {full && (
            <nav aria-label={t.pageNavigation}>
              <GoBack />
            </nav>
          )}
          <Spacer />
          {!signedIn && pageLoaded && (
            <Suspense fallback={null}>
              <LanguageSelect />
            </Suspense>
          )}
          {full && (
            <>
              {/* One text node (the greeting reads as one), kept as written: it carries the user's name. */}
              <Greeting translate="no">{t.greeting({ name: userName })}</Greeting>
              <Suspense fallback={<MenuPlaceholder />}>
                <HeaderMenu role={role} userName={userName} onLogOut={() => dispatch(sessionActions.loggedOut())} />
              </Suspense>
            </>
          )}
        </BarInner>
      </Bar>
      <Main id="main" tabIndex={-1}>
        {notice}
        <Outlet />
      </Main>
    </>
  );
}
