import { lazy, Suspense } from 'react';
import { createRoot } from './reactDomClient';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { selectQaPanelEnabled } from '../entities/config/configSlice';
import type { QaTools } from '../qa/qaTools';
import { AppProviders } from './AppProviders';
import { ProblemReportHost } from './ProblemReportHost';
import { QaReplayHost } from './QaReplayHost';
import { AfterPageLoad } from '../shared/pageLoad';
import type { createAppStore } from './store';

/** The QA button is its own chunk, downloaded only where the configuration turns the QA panel on. */
const QaLauncher = lazy(async () => ({ default: (await import(/* webpackChunkName: "qa-launcher" */ '../qa/QaLauncher')).QaLauncher }));

/** The last step of startApp (bootstrap.tsx): the router and the first render. */
/** `onPageLoaded`: once the first page is usable (src/shared/pageLoad.ts). */
export function mountApp(container: HTMLElement, routes: RouteObject[], created: ReturnType<typeof createAppStore>, qa: QaTools, onPageLoaded: () => void) {
  const router = createBrowserRouter(routes);
  createRoot(container).render(
    <AppProviders store={created.store} persistor={created.persistor}>
      <RouterProvider router={router} />
      <ProblemReportHost />
      <QaReplayHost tools={qa} />
      <AfterPageLoad run={onPageLoaded} />
      {selectQaPanelEnabled(created.store.getState()) && (
        <Suspense fallback={null}>
          <QaLauncher tools={qa} />
        </Suspense>
      )}
    </AppProviders>,
  );
  return router;
}
