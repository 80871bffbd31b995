import { lazy, Suspense, useDeferredValue } from 'react';
import type { RouteObject } from 'react-router';
import { selectIsSessionValid, selectIsSignedIn } from '../entities/session/sessionSelectors';
import { paths } from '../shared/paths';
import { useAppSelector } from '../shared/storeHooks';
import { PageLoading } from '../shared/ui/PageLoading';
import { RouteError } from '../shared/ui/RouteError';
import { TitledLayout } from './documentTitle';
import { earlyData, type RouteHandle } from './earlyPageData';
import { RequireRole, RequireSignedIn } from './guards';
import { useMessages } from '../shared/i18n/messages';
import { appTexts } from './app.messages';

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
  const t = useMessages(appTexts);
  if (signedIn && !valid) return <PageLoading label={t.checkingSignIn} />;
  return <Suspense fallback={<PageLoading />}>{signedIn ? <SelectProgramPage /> : <LoginPage />}</Suspense>;
}

const owners = ['franchise_owner', 'administrator'] as const;
const admins = ['administrator'] as const;

/**
 * Every route, its guard, its title and its early data in one table. Guards: no stored sign-in
 * goes to /; the roster pages are for owners and administrators, the admin pages for
 * administrators (anyone else goes to /); lesson plans are not for students, who go to their
 * building instructions (portal-spec.md sections 2 and 6).
 */
export const routes: RouteObject[] = [
  {
    // Every screen has the header: it comes with the entry rather than as one more request.
    Component: TitledLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: paths.home.pattern, Component: HomeRoute, handle: { title: (t, _, { signedIn }) => (signedIn ? t.selectProgram : t.signIn) } satisfies RouteHandle },
      {
        path: paths.passwordReset.pattern,
        handle: { title: (t) => t.forgotPassword } satisfies RouteHandle,
        ...page(() => import(/* webpackChunkName: "page-password-reset" */ '../features/auth/PasswordResetPage')),
      },
      {
        path: paths.termsOfUse.pattern,
        handle: { title: (t) => t.termsOfUse } satisfies RouteHandle,
        ...page(() => import(/* webpackChunkName: "page-terms" */ '../features/terms/TermsPage')),
      },
      {
        path: paths.cardSignIn.pattern,
        handle: { title: (t) => t.cardSignIn } satisfies RouteHandle,
        ...page(() => import(/* webpackChunkName: "page-card-sign-in" */ '../features/auth/cardSignIn/CardSignInPage')),
      },
      {
        Component: RequireSignedIn,
        children: [
          {
            element: <RequireRole roles={owners} />,
            children: [
              {
                path: paths.studentsList.pattern,
                handle: { earlyData: earlyData.studentsList, title: (t, { userName }) => t.studentsOf({ userName: userName ?? '' }) } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-students-list" */ '../features/roster/StudentsListPage')),
              },
              {
                path: paths.signUpNewStudent.pattern,
                handle: { title: (t) => t.signUpNewStudent } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-sign-up-student" */ '../features/roster/SignUpStudentPage')),
              },
              {
                path: paths.importStudents.pattern,
                handle: { title: (t) => t.importStudents } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-student-import" */ '../features/roster/import/StudentImportPage')),
              },
              {
                path: paths.modelQr.pattern,
                handle: { title: (t) => t.printQr } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "model-qr" */ '../features/content/modelQr/ModelQrPage')),
              },
              {
                path: paths.signInCards.pattern,
                handle: { title: (t) => t.signInCards } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "sign-in-cards" */ '../features/signInCards/SignInCardsPage')),
              },
              {
                path: paths.classNow.pattern,
                handle: { title: (t) => t.classNow } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-class-now" */ '../features/classNow/ClassNowPage')),
              },
              {
                path: paths.student.pattern,
                handle: { title: (t) => t.student } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-student" */ '../features/roster/student/StudentPage')),
              },
            ],
          },
          {
            element: <RequireRole roles={admins} />,
            children: [
              {
                path: paths.franchiseOwnersList.pattern,
                handle: { title: (t) => t.franchiseOwners } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-franchise-owners" */ '../features/roster/FranchiseOwnersPage')),
              },
              {
                path: paths.allStudentsList.pattern,
                handle: { title: (t) => t.allStudentsList } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-all-students" */ '../features/roster/AllStudentsPage')),
              },
              {
                path: paths.signUpNewFranchise.pattern,
                handle: { title: (t) => t.signUpNewFranchise } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-sign-up-franchise" */ '../features/roster/SignUpFranchisePage')),
              },
              { path: paths.auditLog.pattern, handle: { title: (t) => t.auditLog } satisfies RouteHandle, ...page(() => import(/* webpackChunkName: "page-student" */ '../features/roster/audit/AuditLogPage')) },
              { path: paths.qaInbox.pattern, handle: { title: (t) => t.qaInbox } satisfies RouteHandle, ...page(() => import(/* webpackChunkName: "qa-inbox" */ '../features/qaInbox/QaInboxPage')) },
              // The content studio (issue 15): one chunk for its screens, never loaded by the login or a student.
              { path: paths.studio.pattern, handle: { title: (t) => t.contentStudio } satisfies RouteHandle, ...page(() => import(/* webpackChunkName: "studio" */ '../features/studio/StudioProgramsPage')) },
              { path: paths.studioProgram.pattern, handle: { title: (t) => t.studioProgram } satisfies RouteHandle, ...page(() => import(/* webpackChunkName: "studio" */ '../features/studio/ProgramEditorPage')) },
              { path: paths.studioModel.pattern, handle: { title: (t) => t.studioModel } satisfies RouteHandle, ...page(() => import(/* webpackChunkName: "studio" */ '../features/studio/ModelEditorPage')) },
              { path: paths.studioPreview.pattern, handle: { title: (t) => t.studioPreview } satisfies RouteHandle, ...page(() => import(/* webpackChunkName: "studio-preview" */ './StudioPreviewPage')) },
              { path: paths.studioImport.pattern, handle: { title: (t) => t.studioImport } satisfies RouteHandle, ...page(() => import(/* webpackChunkName: "studio" */ '../features/studio/ImportPage')) },
            ],
          },
          { path: paths.account.pattern, handle: { title: (t) => t.myAccount } satisfies RouteHandle, ...page(() => import(/* webpackChunkName: "page-account" */ '../features/account/AccountPage')) },
          {
            path: paths.buildingInstructions.pattern,
            handle: { title: (t) => t.buildingInstructions } satisfies RouteHandle,
            ...page(() => import(/* webpackChunkName: "page-building-instructions" */ '../features/content/BuildingInstructionsPage')),
          },
          {
            path: paths.buildingInstructionsProgram.pattern,
            handle: { title: (t, { programName }) => t.buildingInstructionsOf({ programName: programName ?? '' }) } satisfies RouteHandle,
            ...page(() => import(/* webpackChunkName: "page-program-redirect" */ '../features/content/ProgramRedirectPage')),
          },
          {
            path: paths.selectModel.pattern,
            handle: { earlyData: earlyData.modelsPage, title: (t, { programName }) => t.modelsOf({ programName: programName ?? '' }) } satisfies RouteHandle,
            ...page(() => import(/* webpackChunkName: "page-select-model" */ '../features/content/SelectModelPage')),
          },
          {
            path: paths.modelBuildingInstructions.pattern,
            handle: {
              earlyData: earlyData.gallery,
              // The older route names the model; the newer one its program (and the lesson by id).
              title: (t, { first = '', second = '', third = '' }) =>
                /^\d+$/.test(third) ? t.buildingInstructionsOf({ programName: first }) : t.lessonOfProgram({ lesson: third, programName: second }),
            } satisfies RouteHandle,
            ...page(() => import(/* webpackChunkName: "page-gallery" */ '../features/content/GalleryPage')),
          },
          {
            element: <RequireRole roles={owners} otherwise={paths.buildingInstructions.href} />,
            children: [
              {
                path: paths.lessonPlans.pattern,
                handle: { title: (t) => t.lessonPlans } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-lesson-plans" */ '../features/content/LessonPlansPage')),
              },
              {
                path: paths.lessonPlansProgram.pattern,
                handle: { title: (t, { programName }) => t.lessonPlansOf({ programName: programName ?? '' }) } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-program-redirect" */ '../features/content/ProgramRedirectPage')),
              },
              {
                path: paths.selectModelLessonPlans.pattern,
                handle: { earlyData: earlyData.modelsPage, title: (t, { programName }) => t.lessonPlansModelsOf({ programName: programName ?? '' }) } satisfies RouteHandle,
                ...page(() => import(/* webpackChunkName: "page-select-model-lesson-plans" */ '../features/content/SelectModelLessonPlansPage')),
              },
            ],
          },
        ],
      },
      // Unknown paths go home, as the older portal did.
      { path: '*', lazy: async () => ({ Component: (await import(/* webpackChunkName: "not-found" */ './NotFoundRedirect')).NotFoundRedirect }) },
    ],
  },
];
