import { lazy, Suspense, useDeferredValue } from 'react';
import type { RouteObject } from 'react-router';
import type { StoreValue } from 'nanostores';
import { selectIsSessionValid, selectIsSignedIn } from '../entities/session/sessionSelectors';
import { type AnyFeature, type FeatureFlows, type FeatureHost, type FeatureName, type Screen, type ScreenAccess } from '../shared/feature';
import { paths } from '../shared/paths';
import { useAppSelector } from '../shared/storeHooks';
import { PageLoading } from '../shared/ui/PageLoading';
import { RouteError } from '../shared/ui/RouteError';
import { TitledLayout } from './documentTitle';
import type { RouteHandle } from './earlyPageData';
import { features } from './features';
import { RequireRole, RequireSignedIn } from './guards';
import { useMessages } from '../shared/i18n/messages';
import { appTexts, type routeTitles } from './app.messages';

type RouteTitles = StoreValue<typeof routeTitles>;

const LoginPage = lazy(() => import(/* webpackChunkName: "page-login" */ '../features/auth/LoginPage'));

/** '/' is the login when signed out and the Select Program page (the content's, which joins with it) when signed in. */
function homeRoute(host: FeatureHost) {
  const SelectProgramPage = lazy(async () => {
    const flows = host.joinFeature('content'); // first, as in screenRoute
    return (await Promise.all([import(/* webpackChunkName: "page-select-program" */ '../features/content/SelectProgramPage'), flows]))[0];
  });
  return function HomeRoute() {
    const signedIn = useAppSelector(selectIsSignedIn);
    const valid = useDeferredValue(useAppSelector(selectIsSessionValid)); // as in RequireSignedIn
    const t = useMessages(appTexts);
    if (signedIn && !valid) return <PageLoading label={t.checkingSignIn} />;
    return <Suspense fallback={<PageLoading />}>{signedIn ? <SelectProgramPage /> : <LoginPage />}</Suspense>;
  };
}

/**
 * The app's own screens: the home page (two features' pages), the studio's preview (the studio and
 * the content) and a student's page (the roster's record and the sections of the student features).
 * An app screen has no feature of its own: it joins the features it names.
 */
const appScreens: Screen<FeatureFlows, RouteTitles, FeatureName>[] = [
  {
    path: paths.studioPreview.pattern,
    access: 'administrators',
    title: 'studioPreview',
    joins: ['studio', 'content'],
    page: () => import(/* webpackChunkName: "studio-preview" */ './StudioPreviewPage'),
  },
  {
    path: paths.student.pattern,
    access: 'owners',
    title: 'student',
    joins: ['roster', 'studentEdit', 'studentProgress', 'studentSignIn', 'studentPrivacy'],
    page: () => import(/* webpackChunkName: "page-student" */ './studentPage/StudentPage'),
  },
];

/**
 * A screen's route: its page's chunk and its features' state load together, and the features join
 * the store before the page first renders (so its first events reach their sagas).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any feature's screen, with its own flows and titles
function screenRoute(host: FeatureHost, screen: Screen<any, any>, joins: readonly FeatureName[]): RouteObject {
  const handle: RouteHandle = { title: screen.title as RouteHandle['title'], earlyData: screen.earlyData as RouteHandle['earlyData'], feature: joins[0] };
  return {
    path: screen.path,
    handle,
    lazy: async () => {
      // The flows first: their chunk is asked for before the page's, so on a phone's few
      // connections it is not queued behind them, and the page's data (which the flows' sagas
      // read) starts one round trip sooner.
      const flows = joins.map((name) => host.joinFeature(name));
      const [page] = await Promise.all([screen.page(), ...flows]);
      return { Component: page.default };
    },
  };
}

const owners = ['franchise_owner', 'administrator'] as const;
const admins = ['administrator'] as const;

/**
 * Every route, its guard, its title and its early data, made from the features' screens. Guards: no
 * stored sign-in goes to /; the roster pages are for owners and administrators, the admin pages for
 * administrators (anyone else goes to /); lesson plans are not for students, who go to their
 * building instructions.
 */
export function createRoutes(host: FeatureHost): RouteObject[] {
  const byAccess: Record<ScreenAccess, RouteObject[]> = { anyone: [], signedIn: [], owners: [], administrators: [], ownersElseInstructions: [] };
  for (const feature of features as readonly AnyFeature[]) {
    for (const screen of feature.screens ?? []) byAccess[screen.access].push(screenRoute(host, screen, [feature.name, ...(screen.joins ?? [])] as FeatureName[]));
  }
  for (const screen of appScreens) byAccess[screen.access].push(screenRoute(host, screen, screen.joins ?? []));

  return [
    {
      // Every screen has the header: it comes with the entry rather than as one more request.
      Component: TitledLayout,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          path: paths.home.pattern,
          Component: homeRoute(host),
          handle: { title: (t, _, { signedIn }) => (signedIn ? t.selectProgram : t.signIn) } satisfies RouteHandle,
        },
        ...byAccess.anyone,
        {
          Component: RequireSignedIn,
          children: [
            ...byAccess.signedIn,
            { element: <RequireRole roles={owners} />, children: byAccess.owners },
            { element: <RequireRole roles={admins} />, children: byAccess.administrators },
            { element: <RequireRole roles={owners} otherwise={paths.buildingInstructions.href} />, children: byAccess.ownersElseInstructions },
          ],
        },
        // Unknown paths go home, as the older portal did.
        { path: '*', lazy: async () => ({ Component: (await import(/* webpackChunkName: "not-found" */ './NotFoundRedirect')).NotFoundRedirect }) },
      ],
    },
  ];
}
