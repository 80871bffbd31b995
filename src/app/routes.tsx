import { lazy, Suspense, useDeferredValue } from 'react';
import type { RouteObject } from 'react-router';
import { selectIsSessionValid, selectIsSignedIn } from '../entities/session/sessionSelectors';
import { galleryPageEarlyData, modelsPageEarlyData } from '../features/content/earlyPageData';
import { AppLayout } from '../features/layout/AppLayout';
import { studentsListEarlyData } from '../features/roster/earlyPageData';
import { routePatterns } from '../shared/paths';
import { useAppSelector } from '../shared/storeHooks';
import { PageLoading } from '../shared/ui/PageLoading';
import { RouteError } from '../shared/ui/RouteError';
import type { RouteHandle } from './earlyPageData';
import { RequireRole, RequireSignedIn } from './guards';

type PageModule = { default: React.ComponentType };
/** Each screen is its own chunk, loaded when its route is first opened. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const LoginPage = lazy(() => import(/* webpackChunkName: "page-login" */ '../features/auth/LoginPage'));
const SelectProgramPage = lazy(() => import(/* webpackChunkName: "page-select-program" */ '../features/content/SelectProgramPage'));

/** '/' is the login when signed out and the Select Program page when signed in. */
function HomeRoute() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const valid = useDeferredValue(useAppSelector(selectIsSessionValid)); // as in RequireSignedIn
  if (signedIn && !valid) return <PageLoading label="Checking your sign-in" />;
  return <Suspense fallback={<PageLoading />}>{signedIn ? <SelectProgramPage /> : <LoginPage />}</Suspense>;
}

const owners = ['franchise_owner', 'administrator'] as const;
const admins = ['administrator'] as const;

export const routes: RouteObject[] = [
  {
    // Every screen has the header: it comes with the entry rather than as one more request.
    Component: AppLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: routePatterns.home, Component: HomeRoute },
      { path: routePatterns.passwordReset, ...page(() => import(/* webpackChunkName: "page-password-reset" */ '../features/auth/PasswordResetPage')) },
      { path: routePatterns.termsOfUse, ...page(() => import(/* webpackChunkName: "page-terms" */ '../features/terms/TermsPage')) },
      {
        Component: RequireSignedIn,
        children: [
          {
            element: <RequireRole roles={owners} />,
            children: [
              {
                path: routePatterns.studentsList,
                handle: { earlyData: studentsListEarlyData } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-students-list" */ '../features/roster/StudentsListPage')),
              },
              { path: routePatterns.signUpNewStudent, ...page(() => import(/* webpackChunkName: "page-sign-up-student" */ '../features/roster/SignUpStudentPage')) },
            ],
          },
          {
            element: <RequireRole roles={admins} />,
            children: [
              { path: routePatterns.franchiseOwnersList, ...page(() => import(/* webpackChunkName: "page-franchise-owners" */ '../features/roster/FranchiseOwnersPage')) },
              { path: routePatterns.allStudentsList, ...page(() => import(/* webpackChunkName: "page-all-students" */ '../features/roster/AllStudentsPage')) },
              { path: routePatterns.signUpNewFranchise, ...page(() => import(/* webpackChunkName: "page-sign-up-franchise" */ '../features/roster/SignUpFranchisePage')) },
            ],
          },
          { path: routePatterns.buildingInstructions, ...page(() => import(/* webpackChunkName: "page-building-instructions" */ '../features/content/BuildingInstructionsPage')) },
          { path: routePatterns.buildingInstructionsProgram, ...page(() => import(/* webpackChunkName: "page-program-redirect" */ '../features/content/ProgramRedirectPage')) },
          { path: routePatterns.lessonPlans, ...page(() => import(/* webpackChunkName: "page-lesson-plans" */ '../features/content/LessonPlansPage')) },
          { path: routePatterns.lessonPlansProgram, ...page(() => import(/* webpackChunkName: "page-program-redirect" */ '../features/content/ProgramRedirectPage')) },
          {
            path: routePatterns.selectModel,
            handle: { earlyData: modelsPageEarlyData } satisfies RouteHandle,
            ...page(() => import(/* webpackChunkName: "page-select-model" */ '../features/content/SelectModelPage')),
          },
          {
            path: routePatterns.selectModelLessonPlans,
            handle: { earlyData: modelsPageEarlyData } satisfies RouteHandle,
            ...page(() => import(/* webpackChunkName: "page-select-model-lesson-plans" */ '../features/content/SelectModelLessonPlansPage')),
          },
          {
            path: routePatterns.modelBuildingInstructions,
            handle: { earlyData: galleryPageEarlyData } satisfies RouteHandle,
            ...page(() => import(/* webpackChunkName: "page-gallery" */ '../features/content/GalleryPage')),
          },
        ],
      },
      // Unknown paths go home, as the older portal did.
      { path: '*', lazy: async () => ({ Component: (await import(/* webpackChunkName: "not-found" */ './NotFoundRedirect')).NotFoundRedirect }) },
    ],
  },
];
