import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QaLauncher } from '../qa/QaLauncher';
import type { QaTools } from '../qa/qaTools';
import { AppProviders } from './AppProviders';
import { routes } from './routes';
import type { createAppStore } from './store';

/** The last step of startApp (bootstrap.tsx): the router and the first render. */
export function mountApp(container: HTMLElement, created: ReturnType<typeof createAppStore>, qa: QaTools) {
  const router = createBrowserRouter(routes);
  createRoot(container).render(
    <AppProviders store={created.store} persistor={created.persistor}>
      <RouterProvider router={router} />
      <QaLauncher tools={qa} />
    </AppProviders>,
  );
  return router;
}
